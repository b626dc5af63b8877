// s3rver ships no types; only what the embedded store uses.
declare module 's3rver' {
  import type { IncomingMessage, ServerResponse } from 'node:http';
  interface S3rverOptions {
    port?: number;
    address?: string;
    directory: string;
    silent?: boolean;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    /** Creates the configured buckets (what run() does before it listens). */
    configureBuckets(): Promise<void>;
    /** Koa's request handler. */
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    logger: { close(): void; exceptions: { unhandle(): void } };
    run(): Promise<{ address: string; port: number }>;
    close(callback?: (err?: Error) => void): void;
  }
}
