import type { PGlite } from '@electric-sql/pglite';

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

/** LISTENs on PGlite's own connection (one process: every write to it is seen). */
export async function listenPglite(client: PGlite, options: ListenOptions): Promise<Unlisten> {
  const stop = await client.listen(options.channel, (payload) => options.onNotify(payload));
  return async () => {
    if (!client.closed) await stop();
  };
}

/**
 * LISTENs on PostgreSQL with a connection of its own, reconnected when it breaks; after a
 * reconnect `onGap` is called, since what was announced meanwhile is lost.
 */
export async function listenPostgres(databaseUrl: string, options: ListenOptions): Promise<Unlisten> {
  const { Client } = await import('pg');
  let client: InstanceType<typeof Client> | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | null = null;
  const connect = async (): Promise<void> => {
    const next = new Client({ connectionString: databaseUrl });
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
