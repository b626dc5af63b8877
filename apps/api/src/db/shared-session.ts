import { endsUnit, lastStatus, MessageReader, PROTOCOL_V3, simpleQuery, SSL_REQUEST, startupCode, TERMINATE, type FrontendMessage } from './wire-messages';

/** One client connection's transport (a MessagePort in the database's worker). */
export interface WireTransport {
  send(bytes: Uint8Array): void;
  /** Ends the client's side (the database failed or shuts down). */
  close(): void;
}

/** What the transport feeds in. */
export interface WireClient {
  feed(chunk: Uint8Array): void;
  /** The client went away (Terminate or the transport closed). */
  end(): void;
}

interface Connection {
  transport: WireTransport;
  reader: MessageReader;
  /** Messages of the unit still being received (up to its Sync or query). */
  partial: FrontendMessage[];
  /** Whole units waiting for the session, in order. */
  units: Uint8Array[];
  closed: boolean;
}

const SSL_REFUSED = new Uint8Array(['N'.charCodeAt(0)]);

function concat(parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * Many PostgreSQL wire connections on PGlite's one session. PGlite is one backend: each client's
 * unit of work (a simple query, or the extended-protocol messages up to their Sync) runs whole, one
 * at a time, and a client whose answer left the session inside a transaction (ReadyForQuery 'T' or
 * 'E', or a Flush with no ReadyForQuery yet) keeps the session until it is idle again: no other
 * client's statement can land inside its transaction. A notification arrives, as on any one
 * session, in the answer of the statement that caused it, on that client's connection (listen.ts
 * hands it on). A client that vanishes inside a transaction has it rolled back. `exec` throwing
 * (the wasm module failed) ends every client.
 */
export class SharedSession {
  private readonly connections = new Set<Connection>();
  private readonly queue: Connection[] = [];
  private owner: Connection | null = null;
  private running: Promise<void> | null = null;
  private failed = false;

  constructor(
    private readonly exec: (unit: Uint8Array) => Promise<Uint8Array>,
    private readonly onFailure: (err: unknown) => void,
  ) {}

  /** Serves a new client on `transport`. */
  open(transport: WireTransport): WireClient {
    const conn: Connection = { transport, reader: new MessageReader(), partial: [], units: [], closed: false };
    if (this.failed) {
      transport.close();
      conn.closed = true;
    } else this.connections.add(conn);
    return {
      feed: (chunk) => this.feed(conn, chunk),
      end: () => this.drop(conn),
    };
  }

  /** Resolves once no unit is running (after a shutdown, nothing starts again). */
  async settle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Ends every client; units not started are dropped. */
  shutdown(): void {
    this.failed = true;
    for (const conn of this.connections) this.close(conn);
  }

  private feed(conn: Connection, chunk: Uint8Array): void {
    if (conn.closed) return;
    for (const m of conn.reader.push(chunk)) {
      if (m.type === 0 && startupCode(m.bytes) === SSL_REQUEST) {
        conn.transport.send(SSL_REFUSED);
        continue;
      }
      // A CancelRequest (or anything but protocol 3.0): one session cannot cancel by key; end it.
      if (m.type === 0 && startupCode(m.bytes) !== PROTOCOL_V3) {
        this.drop(conn);
        return;
      }
      if (m.type === TERMINATE) {
        this.drop(conn);
        return;
      }
      conn.partial.push(m);
      if (endsUnit(m)) {
        conn.units.push(concat(conn.partial.map((p) => p.bytes)));
        conn.partial = [];
        if (this.owner !== conn && !this.queue.includes(conn)) this.queue.push(conn);
      }
    }
    this.pump();
  }

  private drop(conn: Connection): void {
    if (conn.closed) return;
    const holdsSession = this.owner === conn;
    this.close(conn);
    // Its transaction must not stay open on the one session: roll it back before anyone else runs.
    conn.units = holdsSession ? [simpleQuery('ROLLBACK')] : [];
    this.pump();
  }

  private close(conn: Connection): void {
    conn.closed = true;
    conn.partial = [];
    this.connections.delete(conn);
    conn.transport.close();
  }

  private next(): Connection | null {
    if (this.owner) return this.owner.units.length > 0 ? this.owner : null;
    while (this.queue.length > 0) {
      const conn = this.queue.shift()!;
      if (conn.units.length > 0) return conn;
    }
    return null;
  }

  private pump(): void {
    if (this.running) return;
    const conn = this.next();
    if (!conn) return;
    const unit = conn.units.shift()!;
    this.running = this.run(conn, unit).finally(() => {
      this.running = null;
      if (!this.failed || this.owner) this.pump();
    });
  }

  private async run(conn: Connection, unit: Uint8Array): Promise<void> {
    let out: Uint8Array;
    try {
      out = await this.exec(unit);
    } catch (err) {
      this.failed = true;
      this.owner = null;
      for (const c of this.connections) this.close(c);
      this.onFailure(err);
      return;
    }
    if (!conn.closed && out.length > 0) conn.transport.send(out);
    this.owner = lastStatus(out) === 'I' ? null : conn;
    if (conn.closed && this.owner === conn && conn.units.length === 0) conn.units = [simpleQuery('ROLLBACK')];
    if (this.owner !== conn && conn.units.length > 0 && !this.queue.includes(conn)) this.queue.push(conn);
  }
}
