/**
 * Output control on the ephemeral channel: editors with write access send commands to
 * projectors; projectors announce themselves. Both are rebuilt from known fields only, and a message
 * with any field this schema does not name is refused whole (the server drops and logs it).
 */

/** The test patterns a projector can show, drawn at its output resolution. */
export const OUTPUT_PATTERNS = ['grid', 'crosshair', 'bars', 'white', 'masks'] as const;
export type OutputPattern = (typeof OUTPUT_PATTERNS)[number];

/** Every projector of the room. */
export const ALL_OUTPUTS = '*';
/** The longest fade a command may ask for. */
export const MAX_FADE_MS = 60_000;
/** The longest label a projector keeps (untrusted text, shown as text). */
export const OUTPUT_LABEL_MAX_CHARS = 40;

export type OutputOp =
  | { op: 'blackout'; on: boolean; fadeMs: number }
  | { op: 'pattern'; pattern: OutputPattern | null }
  | { op: 'identify' }
  | { op: 'reload' }
  | { op: 'label'; label: string };

/** One command: `target` is a projector id or '*'; `from` is the sender's user id (checked by the server). */
export type OutputCommand = { kind: 'output'; id: string; from: string; target: string } & OutputOp;

export type OutputStatus = 'good' | 'warning' | 'critical';
export type OfflineState = 'off' | 'caching' | 'ready';

/** What a projector announces (read-only presence). */
export interface ProjectorPresence {
  kind: 'projector';
  projectorId: string;
  label: string;
  width: number;
  height: number;
  fps: number;
  status: OutputStatus;
  blackout: boolean;
  pattern: OutputPattern | null;
  offline: OfflineState;
  /** Layers the offline cache cannot hold (streams, URL layers), by name. */
  notCached: string[];
  version: string;
}

const COMMON = ['kind', 'id', 'from', 'target', 'op'];
const FIELDS: Record<OutputOp['op'], string[]> = {
  blackout: [...COMMON, 'on', 'fadeMs'],
  pattern: [...COMMON, 'pattern'],
  identify: COMMON,
  reload: COMMON,
  label: [...COMMON, 'label'],
};

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const shortId = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= 100;
const onlyKeys = (m: Record<string, unknown>, allowed: string[]) => Object.keys(m).every((k) => allowed.includes(k));

/** Untrusted label text: control and bidi characters stripped, cut to OUTPUT_LABEL_MAX_CHARS. */
export function cleanLabel(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  // eslint-disable-next-line no-control-regex
  const clean = value.replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, '').trim();
  const cut = Array.from(clean).slice(0, OUTPUT_LABEL_MAX_CHARS).join('');
  return cut || null;
}

/** The command, or null when it is not a well-formed output command (unknown fields included). */
export function parseOutputCommand(message: unknown): OutputCommand | null {
  if (!isRecord(message) || message['kind'] !== 'output') return null;
  const op = message['op'];
  if (typeof op !== 'string' || !(op in FIELDS)) return null;
  if (!onlyKeys(message, FIELDS[op as OutputOp['op']])) return null;
  const { id, from, target } = message;
  if (!shortId(id) || !shortId(from) || !shortId(target)) return null;
  const head = { kind: 'output' as const, id, from, target };
  switch (op) {
    case 'blackout': {
      const fadeMs = message['fadeMs'];
      if (typeof message['on'] !== 'boolean' || typeof fadeMs !== 'number' || !Number.isFinite(fadeMs) || fadeMs < 0 || fadeMs > MAX_FADE_MS) return null;
      return { ...head, op, on: message['on'], fadeMs };
    }
    case 'pattern': {
      const pattern = message['pattern'];
      if (pattern !== null && !OUTPUT_PATTERNS.includes(pattern as OutputPattern)) return null;
      return { ...head, op, pattern: pattern as OutputPattern | null };
    }
    case 'label': {
      const label = cleanLabel(message['label']);
      return label ? { ...head, op, label } : null;
    }
    case 'identify':
    case 'reload':
      return { ...head, op };
    default:
      return null;
  }
}

const PRESENCE_FIELDS = ['kind', 'projectorId', 'label', 'width', 'height', 'fps', 'status', 'blackout', 'pattern', 'offline', 'notCached', 'version'];
const dimension = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 100_000;

/** A projector's announcement, or null when malformed or carrying unknown fields. */
export function parseProjectorPresence(message: unknown): ProjectorPresence | null {
  if (!isRecord(message) || message['kind'] !== 'projector' || !onlyKeys(message, PRESENCE_FIELDS)) return null;
  const m = message;
  const label = cleanLabel(m['label']);
  if (!shortId(m['projectorId']) || !label || !dimension(m['width']) || !dimension(m['height'])) return null;
  if (typeof m['fps'] !== 'number' || !Number.isFinite(m['fps']) || m['fps'] < 0 || m['fps'] > 1000) return null;
  if (m['status'] !== 'good' && m['status'] !== 'warning' && m['status'] !== 'critical') return null;
  if (typeof m['blackout'] !== 'boolean') return null;
  if (m['pattern'] !== null && !OUTPUT_PATTERNS.includes(m['pattern'] as OutputPattern)) return null;
  if (m['offline'] !== 'off' && m['offline'] !== 'caching' && m['offline'] !== 'ready') return null;
  const notCached = m['notCached'];
  if (!Array.isArray(notCached) || notCached.length > 200 || !notCached.every((n) => typeof n === 'string' && n.length <= 200)) return null;
  if (typeof m['version'] !== 'string' || m['version'].length > 40) return null;
  return {
    kind: 'projector',
    projectorId: m['projectorId'],
    label,
    width: m['width'],
    height: m['height'],
    fps: Math.round(m['fps'] * 10) / 10,
    status: m['status'],
    blackout: m['blackout'],
    pattern: m['pattern'] as OutputPattern | null,
    offline: m['offline'],
    notCached: notCached as string[],
    version: m['version'],
  };
}

/** Whether a command is meant for this projector. */
export function commandTargets(command: Pick<OutputCommand, 'target'>, projectorId: string): boolean {
  return command.target === ALL_OUTPUTS || command.target === projectorId;
}
