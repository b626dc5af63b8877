/** Postgres's type id of bytea. */
export const BYTEA_OID = 17;

/**
 * bytea to and from PGlite's text protocol in native code. PGlite's own codecs go byte by byte
 * through JavaScript strings (`Array.from(bytes).map(toString(16))`, `parseInt` per pair): storing
 * a 3 MB Automerge chunk took about 1.9 s of the api's only thread, and every other user's request
 * waited (the hostile-load test showed it). Buffer's hex codec does the same in milliseconds.
 */
export const pgliteByteaCodecs = {
  serializers: {
    [BYTEA_OID]: (value: unknown): string => {
      if (!(value instanceof Uint8Array)) throw new Error('Invalid input for bytea type');
      return `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`;
    },
  },
  parsers: {
    [BYTEA_OID]: (text: string): Uint8Array => {
      const bytes = Buffer.from(text.slice(2), 'hex');
      return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },
  },
};
