import type { Clock, TimerHandle } from '@beamstage/timeline';
import type { EphemeralChannel } from './ephemeral-channel';

/** A participant not heard from for this long is dropped (spec section 9). */
export const PRESENCE_TIMEOUT_MS = 30_000;
/** How often the connection silence is checked (spec section 9). */
export const SILENCE_CHECK_MS = 30_000;
/** How often our own presence is re-sent while nothing changes, well inside the timeout. */
export const PRESENCE_HEARTBEAT_MS = 10_000;
/** Display names are untrusted text, cut to this many characters. */
export const PRESENCE_NAME_MAX_CHARS = 60;

/** What each participant shares (spec: user, name, colour, selection, sceneUpdate, timelineUpdate). */
export interface PresenceState {
  userId: string;
  name: string;
  color: string;
  selectedLayerId: string | null;
  sceneUpdate: { sceneId: string; timestamp: number } | null;
  timelineUpdate: { type: string; timestamp: number; projectId: string } | null;
}

/** A remote participant as the UI shows it. */
export interface RemotePresence extends PresenceState {
  peerId: string;
  lastSeen: number;
}

const FALLBACK_COLOR = '#888888';

/** Untrusted text to a plain, short, single-line string (rendered as text, never as HTML). */
export function sanitizeName(value: unknown): string {
  if (typeof value !== 'string') return 'Anonymous';
  // eslint-disable-next-line no-control-regex
  const clean = value.replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, '').trim();
  const cut = Array.from(clean).slice(0, PRESENCE_NAME_MAX_CHARS).join('');
  return cut || 'Anonymous';
}

const str = (v: unknown, max = 200): string | null => (typeof v === 'string' && v.length <= max ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** Rebuilds a received presence from known fields only; null when it is not a presence message. */
export function parsePresence(message: unknown): PresenceState | null {
  if (!message || typeof message !== 'object') return null;
  const m = message as Record<string, unknown>;
  if (m['kind'] !== 'presence') return null;
  const userId = str(m['userId']);
  if (!userId) return null;
  const color = str(m['color'], 7);
  const scene = m['sceneUpdate'] as Record<string, unknown> | null | undefined;
  const timeline = m['timelineUpdate'] as Record<string, unknown> | null | undefined;
  const sceneId = scene && typeof scene === 'object' ? str(scene['sceneId']) : null;
  const sceneTs = scene && typeof scene === 'object' ? num(scene['timestamp']) : null;
  const tlType = timeline && typeof timeline === 'object' ? str(timeline['type'], 40) : null;
  const tlTs = timeline && typeof timeline === 'object' ? num(timeline['timestamp']) : null;
  const tlProject = timeline && typeof timeline === 'object' ? str(timeline['projectId']) : null;
  return {
    userId,
    name: sanitizeName(m['name']),
    color: color && /^#[0-9a-fA-F]{6}$/.test(color) ? color : FALLBACK_COLOR,
    selectedLayerId: str(m['selectedLayerId']),
    sceneUpdate: sceneId && sceneTs !== null ? { sceneId, timestamp: sceneTs } : null,
    timelineUpdate: tlType && tlTs !== null && tlProject ? { type: tlType, timestamp: tlTs, projectId: tlProject } : null,
  };
}

/** Live presence over a document's ephemeral channel. */
export interface Presence {
  /** Changes our shared state and sends it at once. */
  update(patch: Partial<PresenceState>): void;
  /** Remote participants, newest first. */
  peers(): RemotePresence[];
  onChange(listener: (peers: RemotePresence[]) => void): () => void;
  stop(): void;
}

/** Starts presence: sends ours (heartbeat every 10 s), keeps others', drops the silent after 30 s. */
export function createPresence(channel: EphemeralChannel, clock: Clock, self: PresenceState): Presence {
  let mine: PresenceState = { ...self, name: sanitizeName(self.name) };
  const remote = new Map<string, RemotePresence>();
  const listeners = new Set<(peers: RemotePresence[]) => void>();
  let heartbeat: TimerHandle | null = null;
  let silence: TimerHandle | null = null;
  let stopped = false;

  const list = () => [...remote.values()].sort((a, b) => b.lastSeen - a.lastSeen);
  const notify = () => {
    const peers = list();
    for (const l of listeners) l(peers);
  };
  const send = () => {
    channel.broadcast({ kind: 'presence', ...mine });
    if (heartbeat !== null) clock.clearTimeout(heartbeat);
    heartbeat = stopped ? null : clock.setTimeout(send, PRESENCE_HEARTBEAT_MS);
  };
  const checkSilence = () => {
    const now = clock.now();
    let changed = false;
    for (const [peerId, p] of remote) {
      if (now - p.lastSeen >= PRESENCE_TIMEOUT_MS) {
        remote.delete(peerId);
        changed = true;
      }
    }
    if (changed) notify();
    silence = stopped ? null : clock.setTimeout(checkSilence, SILENCE_CHECK_MS);
  };
  const unsubscribe = channel.subscribe((message, senderId) => {
    if ((message as { kind?: unknown } | null)?.kind === 'presence-leave') {
      if (remote.delete(senderId)) notify();
      return;
    }
    const state = parsePresence(message);
    if (!state) return;
    remote.set(senderId, { ...state, peerId: senderId, lastSeen: clock.now() });
    notify();
  });
  send();
  silence = clock.setTimeout(checkSilence, SILENCE_CHECK_MS);

  return {
    update(patch) {
      mine = { ...mine, ...patch, name: sanitizeName(patch.name ?? mine.name) };
      send();
    },
    peers: list,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stop() {
      stopped = true;
      unsubscribe();
      if (heartbeat !== null) clock.clearTimeout(heartbeat);
      if (silence !== null) clock.clearTimeout(silence);
      channel.broadcast({ kind: 'presence-leave' });
    },
  };
}
