import { Duplex } from 'node:stream';
import type { MessagePort } from 'node:worker_threads';

/**
 * A node-postgres connection's stream over a MessagePort to the embedded database's worker,
 * in place of a TCP socket (pg's `stream` option): pg writes its wire messages, the worker
 * answers with the backend's. `connect` asks `open` for a fresh port; the socket methods pg calls
 * (setNoDelay, setKeepAlive, ref, unref) are what they mean for a port. The port is referenced
 * while open, as a socket is; pg's idle clients unref it (the pool's allowExitOnIdle).
 */
export class PortStream extends Duplex {
  private port: MessagePort | null = null;

  constructor(private readonly open: () => MessagePort) {
    super();
  }

  connect(): this {
    try {
      const port = this.open();
      this.port = port;
      port.on('message', (chunk: Uint8Array) => this.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)));
      port.on('close', () => {
        this.port = null;
        this.push(null);
        this.destroy();
      });
      process.nextTick(() => this.emit('connect'));
    } catch (err) {
      process.nextTick(() => this.destroy(err as Error));
    }
    return this;
  }

  setNoDelay(): this {
    return this;
  }

  setKeepAlive(): this {
    return this;
  }

  ref(): this {
    this.port?.ref();
    return this;
  }

  unref(): this {
    this.port?.unref();
    return this;
  }

  override _read(): void {}

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    if (!this.port) return callback(Object.assign(new Error('The embedded database connection is closed'), { code: 'EPIPE' }));
    // One copy, then moved: posting a view would clone the whole buffer under it (pg's pooled ones).
    const bytes = new Uint8Array(chunk);
    this.port.postMessage(bytes, [bytes.buffer]);
    callback();
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.port?.close();
    callback();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.port?.close();
    this.port = null;
    callback(error);
  }
}
