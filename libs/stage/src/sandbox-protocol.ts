/**
 * The postMessage protocol between the studio and a user-code frame of the sandbox origin
 * (version 1; the runner's side is apps/api/src/sandbox/assets/runner.js). The parent sends one
 * `beamstage:run`; the frame answers with the messages below. Both sides check the sender: the
 * frame accepts only its parent window from the studio origin it was served for; the parent
 * accepts only the frame's own window with an opaque origin ("null"), which is what a
 * sandbox="allow-scripts" frame without allow-same-origin has; a frame that reports a real origin
 * has lost its sandbox and is ignored.
 */
export const SANDBOX_PROTOCOL_VERSION = 1;
/** The longest code the runner accepts (characters). */
export const SANDBOX_CODE_MAX_CHARS = 1_000_000;
const TEXT_MAX = 2000;

export type SandboxKind = 'html' | 'p5' | 'script';

export interface RunMessage {
  type: 'beamstage:run';
  v: typeof SANDBOX_PROTOCOL_VERSION;
  kind: SandboxKind;
  code: string;
  css?: string;
  background?: string;
  frameRate?: number;
}

export type FrameMessage =
  | { type: 'beamstage:ready' }
  | { type: 'beamstage:heartbeat'; t: number }
  | { type: 'beamstage:frame'; bitmap: ImageBitmap; width: number; height: number }
  | { type: 'beamstage:error'; message: string; line: number | null }
  | { type: 'beamstage:log'; level: 'log' | 'info' | 'warn' | 'error'; message: string };

/** The opaque origin every sandboxed user-code frame posts from. */
export const OPAQUE_ORIGIN = 'null';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): v is string => typeof v === 'string' && v.length <= TEXT_MAX;
const isBitmap = (v: unknown): v is ImageBitmap => typeof ImageBitmap !== 'undefined' && v instanceof ImageBitmap;

/** Validates a message from a frame; null for anything not exactly of the protocol. */
export function parseFrameMessage(data: unknown): FrameMessage | null {
  if (!isRecord(data) || data['v'] !== SANDBOX_PROTOCOL_VERSION || typeof data['type'] !== 'string') return null;
  switch (data['type']) {
    case 'beamstage:ready':
      return { type: 'beamstage:ready' };
    case 'beamstage:heartbeat':
      return typeof data['t'] === 'number' && Number.isFinite(data['t']) ? { type: 'beamstage:heartbeat', t: data['t'] } : null;
    case 'beamstage:frame': {
      const { bitmap, width, height } = data;
      if (!isBitmap(bitmap) || typeof width !== 'number' || typeof height !== 'number') return null;
      if (bitmap.width !== width || bitmap.height !== height || width <= 0 || height <= 0 || width > 8192 || height > 8192) return null;
      return { type: 'beamstage:frame', bitmap, width, height };
    }
    case 'beamstage:error': {
      const line = data['line'];
      if (!text(data['message']) || !(line === null || (typeof line === 'number' && Number.isInteger(line)))) return null;
      return { type: 'beamstage:error', message: data['message'], line: line as number | null };
    }
    case 'beamstage:log': {
      const level = data['level'];
      if (!text(data['message']) || (level !== 'log' && level !== 'info' && level !== 'warn' && level !== 'error')) return null;
      return { type: 'beamstage:log', level, message: data['message'] };
    }
    default:
      return null;
  }
}

/** True when an event comes from this frame's window and is sandboxed (opaque origin). */
export function isFromFrame(event: Pick<MessageEvent, 'origin' | 'source'>, frameWindow: Window | null): boolean {
  return frameWindow !== null && event.source === frameWindow && event.origin === OPAQUE_ORIGIN;
}

/**
 * The runner page address for a studio origin. With the frame's kind, the sandbox origin can start
 * what that kind needs with the page (p5: a preload of p5.js), before the run message arrives; the
 * kind is a hint only, the run message still says what runs.
 */
export function runnerUrl(sandboxOrigin: string, parentOrigin: string, kind?: SandboxKind): string {
  return `${sandboxOrigin.replace(/\/+$/, '')}/runner.html?parent=${encodeURIComponent(parentOrigin)}${kind ? `&kind=${kind}` : ''}`;
}
