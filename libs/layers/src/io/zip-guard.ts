// Hostile-zip checks (design.md section 4, rule 7): entry count, inflated bytes, compression ratio,
// and entry names. Sizes declared in the zip are checked first, then the actual inflated bytes are
// counted while streaming, because a zip can lie about its sizes.
import type JSZip from 'jszip';
import { ProjectImportError } from '../schema/errors';

export interface ZipLimits {
  /** Largest zip accepted, in bytes. */
  maxZipBytes: number;
  maxEntries: number;
  /** Total inflated bytes over all entries read. */
  maxInflatedBytes: number;
  /** Largest inflated/compressed ratio for an entry above ratioFloorBytes. */
  maxRatio: number;
  ratioFloorBytes: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxZipBytes: 256 * 1024 * 1024,
  maxEntries: 2000,
  maxInflatedBytes: 512 * 1024 * 1024,
  maxRatio: 200,
  ratioFloorBytes: 1024 * 1024,
};

/** Why an entry name is refused, or null when it is fine. */
export function badEntryName(name: string): string | null {
  if (name.length === 0 || name.length > 512) return 'bad length';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) return 'control characters';
  if (name.includes('\\')) return 'backslash';
  if (name.startsWith('/') || /^[a-zA-Z]:/.test(name)) return 'absolute path';
  if (name.split('/').some((seg) => seg === '..')) return 'parent directory (..)';
  return null;
}

/** The streaming API jszip has but does not type. */
interface EntryStream {
  on(event: 'data', cb: (chunk: Uint8Array) => void): EntryStream;
  on(event: 'error', cb: (e: unknown) => void): EntryStream;
  on(event: 'end', cb: () => void): EntryStream;
  pause(): EntryStream;
  resume(): EntryStream;
}

interface JsZipInternal {
  _data?: { compressedSize?: number; uncompressedSize?: number };
  unsafeOriginalName?: string;
}

/** Checks count, names and declared sizes of every entry; throws ProjectImportError on the first problem. */
export function checkZipEntries(zip: JSZip, limits: ZipLimits): void {
  const entries = Object.values(zip.files);
  if (entries.length > limits.maxEntries) throw new ProjectImportError(`ZIP file has too many entries (${entries.length}, max ${limits.maxEntries})`);
  let declared = 0;
  for (const entry of entries) {
    const internal = entry as unknown as JsZipInternal;
    for (const n of [entry.name, internal.unsafeOriginalName]) {
      if (n === undefined) continue;
      const why = badEntryName(n);
      if (why) throw new ProjectImportError(`ZIP entry name rejected (${why}): ${JSON.stringify(n.slice(0, 80))}`);
    }
    const u = internal._data?.uncompressedSize;
    const c = internal._data?.compressedSize;
    if (typeof u === 'number') {
      declared += u;
      if (declared > limits.maxInflatedBytes) throw new ProjectImportError(`ZIP content is too large when unpacked (max ${limits.maxInflatedBytes} bytes)`);
      if (typeof c === 'number' && u > limits.ratioFloorBytes && u / Math.max(1, c) > limits.maxRatio) {
        throw new ProjectImportError(`ZIP entry ${JSON.stringify(entry.name.slice(0, 80))} has a suspicious compression ratio (max ${limits.maxRatio}:1)`);
      }
    }
  }
}

/** Inflates one entry, failing as soon as it passes `limit` bytes. */
export function readEntryCapped(file: JSZip.JSZipObject, limit: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    let total = 0;
    let done = false;
    const fail = (err: Error) => {
      if (done) return;
      done = true;
      reject(err);
    };
    try {
      const stream = (file as unknown as { internalStream(type: 'uint8array'): EntryStream }).internalStream('uint8array');
      stream
        .on('data', (chunk: Uint8Array) => {
          if (done) return;
          total += chunk.length;
          if (total > limit) {
            stream.pause();
            fail(new ProjectImportError(`ZIP content is too large when unpacked (max ${limit} bytes)`));
            return;
          }
          chunks.push(chunk);
        })
        .on('error', (e: unknown) => fail(new ProjectImportError(`ZIP entry could not be read: ${e instanceof Error ? e.message : 'corrupt data'}`)))
        .on('end', () => {
          if (done) return;
          done = true;
          const out = new Uint8Array(total);
          let o = 0;
          for (const c of chunks) {
            out.set(c, o);
            o += c.length;
          }
          resolve(out);
        })
        .resume();
    } catch (e) {
      fail(new ProjectImportError(`ZIP entry could not be read: ${e instanceof Error ? e.message : 'corrupt data'}`));
    }
  });
}
