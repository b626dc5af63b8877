// Several api instances on one PostgreSQL (design.md section 3): the load balancer routes every
// socket of a project to one instance, but routing changes (an instance dies, then comes back),
// and sockets opened before the change stay where they were. Without a word between instances,
// a project would then have live rooms on two instances whose peers only meet in the database.
// The instance that opens a project's room says so on a PostgreSQL channel; the others close their
// sockets of that project, whose clients reconnect through the load balancer and meet there.
import { randomUUID } from 'node:crypto';
import type { Client } from 'pg';

/** The PostgreSQL NOTIFY channel instances announce the rooms they open on. */
export const ROOM_CLAIMS_CHANNEL = 'beamstage_room_claims';

export interface RoomClaims {
  /** This process's id on the channel. */
  instanceId: string;
  /** Tells the other instances this one now holds the project's room; throws while the database is unreachable. */
  claim(projectId: string): Promise<void>;
  close(): Promise<void>;
}

export interface RoomClaimsOptions {
  databaseUrl: string;
  /** Another instance opened the project's room: close this instance's sockets of it. */
  onClaimedElsewhere(projectId: string, instanceId: string): void;
  logger: { warn(obj: object, msg: string): void };
  /** Wait before reconnecting the listener after its connection broke. */
  reconnectMs?: number;
}

/** Connects a listening client to the channel (reconnected when the connection breaks). */
export async function startRoomClaims(options: RoomClaimsOptions): Promise<RoomClaims> {
  const { Client: PgClient } = await import('pg');
  const instanceId = randomUUID();
  let client: Client | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | null = null;

  const connect = async (): Promise<void> => {
    const next = new PgClient({ connectionString: options.databaseUrl });
    next.on('notification', (message) => {
      if (message.channel !== ROOM_CLAIMS_CHANNEL || !message.payload) return;
      let claim: { instance?: unknown; projectId?: unknown };
      try {
        claim = JSON.parse(message.payload) as typeof claim;
      } catch {
        return;
      }
      if (typeof claim.instance !== 'string' || typeof claim.projectId !== 'string' || claim.instance === instanceId) return;
      options.onClaimedElsewhere(claim.projectId, claim.instance);
    });
    const broken = (err?: Error) => {
      if (client !== next) return;
      client = null;
      next.end().catch(() => undefined);
      if (closed) return;
      // Claims missed meanwhile cannot be replayed: a split room lasts until a socket reconnects.
      options.logger.warn({ err: err?.message }, 'Room claims listener lost its connection; reconnecting');
      timer = setTimeout(() => void connect().catch((e: unknown) => broken(e instanceof Error ? e : undefined)), options.reconnectMs ?? 1000);
    };
    next.on('error', broken);
    next.on('end', () => broken());
    client = next;
    await next.connect();
    await next.query(`LISTEN ${ROOM_CLAIMS_CHANNEL}`);
  };
  await connect();

  return {
    instanceId,
    async claim(projectId) {
      if (!client) throw new Error('the room claims channel is not connected');
      await client.query('SELECT pg_notify($1, $2)', [ROOM_CLAIMS_CHANNEL, JSON.stringify({ instance: instanceId, projectId })]);
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const last = client;
      client = null;
      await last?.end().catch(() => undefined);
    },
  };
}
