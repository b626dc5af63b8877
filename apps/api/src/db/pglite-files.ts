import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

// PGlite reports a damaged control file as "PGlite failed to initialize properly" and a damaged
// write-ahead log as "Aborted()", naming no file. These checks look at the two files it reads
// first, with Postgres's own rules, so the start-up message can name the one that is damaged.

const CRC32C_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0x82f63b78 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32c(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC32C_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** Offsets in ControlFileData (stable since PostgreSQL 10): system id, checkpoint redo and timeline. */
const CONTROL_SYSTEM_ID = 0;
const CONTROL_REDO = 40;
const CONTROL_TIMELINE = 48;
/** ControlFileData ends with a CRC-32C of everything before it; its offset changes between versions. */
const CONTROL_MAX_SIZE = 1024;
const XLP_LONG_HEADER = 0x0002;
const WAL_BLOCK_SIZE = 8192;

/** The control file's CRC holds somewhere in its first KiB (the struct is ~300 bytes), or it is damaged. */
function controlFileValid(control: Buffer): boolean {
  for (let at = 16; at + 4 <= Math.min(control.length, CONTROL_MAX_SIZE); at += 4) {
    if (crc32c(control.subarray(0, at)) === control.readUInt32LE(at)) return true;
  }
  return false;
}

const segmentName = (timeline: number, segment: bigint, segmentsPerId: bigint) =>
  [timeline, Number(segment / segmentsPerId), Number(segment % segmentsPerId)].map((n) => n.toString(16).toUpperCase().padStart(8, '0')).join('');

/** Checks the WAL segment holding the last checkpoint's redo point: its long page header must describe it. */
function walProblem(dbDir: string, control: Buffer): string | null {
  const walDir = join(dbDir, 'pg_wal');
  const segments = existsSync(walDir) ? readdirSync(walDir).filter((f) => /^[0-9A-F]{24}$/.test(f)) : [];
  if (segments.length === 0) return `${walDir} (no write-ahead log segment)`;
  const segmentSize = BigInt(statSync(join(walDir, segments[0]!)).size);
  if (segmentSize === 0n || (segmentSize & (segmentSize - 1n)) !== 0n) return join(walDir, segments[0]!);
  const redo = control.readBigUInt64LE(CONTROL_REDO);
  const timeline = control.readUInt32LE(CONTROL_TIMELINE);
  const segment = redo / segmentSize;
  const name = segmentName(timeline, segment, 0x100000000n / segmentSize);
  const path = join(walDir, name);
  if (!existsSync(path)) return `${path} (missing)`;
  const fd = readFileSync(path);
  const header = fd.subarray(0, 40);
  const redoPage = fd.subarray(Number(redo % segmentSize) - (Number(redo % segmentSize) % WAL_BLOCK_SIZE));
  const magic = header.readUInt16LE(0);
  const ok =
    (header.readUInt16LE(2) & XLP_LONG_HEADER) !== 0 &&
    header.readUInt32LE(4) === timeline &&
    header.readBigUInt64LE(8) === segment * segmentSize &&
    header.readBigUInt64LE(16) === control.readBigUInt64LE(CONTROL_SYSTEM_ID) &&
    BigInt(header.readUInt32LE(24)) === segmentSize &&
    header.readUInt32LE(28) === WAL_BLOCK_SIZE &&
    redoPage.readUInt16LE(0) === magic &&
    redoPage.readBigUInt64LE(8) === segment * segmentSize + BigInt(Number(redo % segmentSize) - (Number(redo % segmentSize) % WAL_BLOCK_SIZE));
  return ok ? null : path;
}

/**
 * Names the damaged file of a PGlite data folder that would not open: its control file
 * (global/pg_control) or the write-ahead log segment of the last checkpoint; null when both look
 * sound (then the error itself is all there is to say).
 */
export function findDamagedPgliteFile(dbDir: string): string | null {
  const controlPath = join(dbDir, 'global', 'pg_control');
  if (!existsSync(controlPath)) return `${controlPath} (missing)`;
  const control = readFileSync(controlPath);
  if (control.length < 64 || !controlFileValid(control)) return controlPath;
  try {
    return walProblem(dbDir, control);
  } catch {
    return join(dbDir, 'pg_wal');
  }
}
