// The few facts of PostgreSQL's wire protocol (v3) the embedded database's server needs: where a
// client's messages end, which of them close a unit of work, and what the answer says about the
// session (ReadyForQuery's transaction status).

/** The start-up packet's protocol version 3.0; SSLRequest and CancelRequest use other codes. */
export const PROTOCOL_V3 = 196608;
export const SSL_REQUEST = 80877103;

/** A frontend message: `type` is 0 for the start-up packet, which has no type byte. */
export interface FrontendMessage {
  type: number;
  bytes: Uint8Array;
}

const code = (c: string) => c.charCodeAt(0);
export const QUERY = code('Q');
export const SYNC = code('S');
export const FLUSH = code('H');
export const TERMINATE = code('X');
const READY_FOR_QUERY = code('Z');

/** Whether the session is outside a transaction ('I'), inside one ('T') or in a failed one ('E'). */
export type TxStatus = 'I' | 'T' | 'E';

const int32 = (b: Uint8Array, at: number) => ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0;

/**
 * Cuts a client's byte stream into whole messages; bytes of a message not fully arrived stay
 * buffered. The first message of a connection is the start-up packet (length first, no type).
 */
export class MessageReader {
  private buffer: Uint8Array = new Uint8Array(0);
  private started = false;

  /** Appends bytes and returns every message now complete. */
  push(chunk: Uint8Array): FrontendMessage[] {
    if (this.buffer.length === 0) this.buffer = chunk;
    else {
      const joined = new Uint8Array(this.buffer.length + chunk.length);
      joined.set(this.buffer);
      joined.set(chunk, this.buffer.length);
      this.buffer = joined;
    }
    const out: FrontendMessage[] = [];
    let at = 0;
    for (;;) {
      const header = this.started ? 5 : 4;
      if (this.buffer.length - at < header) break;
      const length = this.started ? int32(this.buffer, at + 1) + 1 : int32(this.buffer, at);
      if (length < header - (this.started ? 1 : 0) || this.buffer.length - at < length) break;
      const bytes = this.buffer.subarray(at, at + length);
      if (this.started) out.push({ type: bytes[0]!, bytes });
      else {
        out.push({ type: 0, bytes });
        // An SSLRequest is answered and followed by the real start-up packet.
        if (int32(bytes, 4) === PROTOCOL_V3) this.started = true;
      }
      at += length;
    }
    this.buffer = at === this.buffer.length ? new Uint8Array(0) : this.buffer.slice(at);
    return out;
  }
}

/** The start-up packet's request code (protocol version, SSLRequest or CancelRequest). */
export const startupCode = (bytes: Uint8Array) => int32(bytes, 4);

/**
 * Whether a message ends a unit the backend answers in full: a simple query, a Sync, a Flush
 * (answers so far, no ReadyForQuery) or the start-up packet.
 */
export const endsUnit = (m: FrontendMessage) => m.type === 0 || m.type === QUERY || m.type === SYNC || m.type === FLUSH;

/**
 * The transaction status of the backend's last ReadyForQuery in an answer; null when the answer
 * has none (a Flush: the client is still in the middle of its extended-protocol exchange).
 */
export function lastStatus(out: Uint8Array): TxStatus | null {
  let status: TxStatus | null = null;
  let at = 0;
  while (at + 5 <= out.length) {
    if (out[at] === READY_FOR_QUERY) status = String.fromCharCode(out[at + 5]!) as TxStatus;
    at += 1 + int32(out, at + 1);
  }
  return status;
}

/** A simple query message (used to roll back what a vanished client left open). */
export function simpleQuery(sql: string): Uint8Array {
  const text = Buffer.from(`${sql}\0`, 'utf8');
  const bytes = new Uint8Array(5 + text.length);
  bytes[0] = QUERY;
  new DataView(bytes.buffer).setInt32(1, 4 + text.length);
  bytes.set(text, 5);
  return bytes;
}
