import type { ClientConfig } from 'pg';

/** Stops listening. */
export type Unlisten = () => Promise<void>;

export interface ListenOptions {
  channel: string;
  onNotify(payload: string): void;
  /** Notifications may have been missed (the listening connection broke and came back). */
  onGap(): void;
  logger: { warn(obj: object, msg: string): void };
  reconnectMs?: number;
}

/** A pg client that reports notifications (a pooled connection to the embedded database). */
interface NotifyingClient {
  on(event: 'notification', listener: (message: { channel: string; payload?: string }) => void): unknown;
}

/**
 * LISTEN on the embedded database. PGlite is one session shared by every connection of the pool
 * (shared-session.ts): the session LISTENs once, and a notification arrives, as on any single
 * session, in the answer of the write that caused it, on the connection that wrote, before that
 * write's promise resolves. So every pooled connection hands its notifications to the listeners
 * here (`attach`), and a change is seen by the next request after the write that made it. Every
 * write to the embedded database is made through this process's pool (the data dir lock).
 */
export function sessionListeners() {
  const byChannel = new Map<string, Set<(payload: string) => void>>();
  return {
    attach(client: NotifyingClient) {
      client.on('notification', (m) => {
        if (m.payload) for (const f of byChannel.get(m.channel) ?? []) f(m.payload);
      });
    },
    async listen(query: (sql: string) => Promise<unknown>, options: ListenOptions): Promise<Unlisten> {
      const set = byChannel.get(options.channel) ?? new Set();
      byChannel.set(options.channel, set);
      const f = (payload: string) => options.onNotify(payload);
      set.add(f);
      await query(`LISTEN ${options.channel}`);
      return async () => {
        set.delete(f);
        if (set.size === 0) {
          byChannel.delete(options.channel);
          await query(`UNLISTEN ${options.channel}`).catch(() => undefined);
        }
      };
    },
  };
}

/**
 * LISTENs on PostgreSQL with a connection of its own, reconnected when it breaks; after a
 * reconnect `onGap` is called, since what was announced meanwhile is lost.
 */
export async function listenPostgres(connection: ClientConfig, options: ListenOptions): Promise<Unlisten> {
  const { Client } = await import('pg');
  let client: InstanceType<typeof Client> | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | null = null;
  const connect = async (): Promise<void> => {
    const next = new Client(connection);
    next.on('notification', (message) => {
      if (message.channel === options.channel && message.payload) options.onNotify(message.payload);
    });
    const broken = (err?: Error) => {
      if (client !== next) return;
      client = null;
      next.end().catch(() => undefined);
      if (closed) return;
      options.onGap();
      options.logger.warn({ err: err?.message, channel: options.channel }, 'Database listener lost its connection; reconnecting');
      timer = setTimeout(() => void connect().then(options.onGap, (e: unknown) => broken(e instanceof Error ? e : undefined)), options.reconnectMs ?? 1000);
    };
    next.on('error', broken);
    next.on('end', () => broken());
    client = next;
    await next.connect();
    await next.query(`LISTEN ${options.channel}`);
  };
  await connect();
  return async () => {
    closed = true;
    if (timer) clearTimeout(timer);
    const last = client;
    client = null;
    await last?.end().catch(() => undefined);
  };
}
