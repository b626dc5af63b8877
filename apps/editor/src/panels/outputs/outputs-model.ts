import type { OutputOp, ProjectorPresence } from '@beamstage/sync';

/** A projector as the outputs panel lists it. */
export interface OutputView extends Omit<ProjectorPresence, 'kind' | 'notCached'> {
  notCached: readonly string[];
  /** The peer that announced it (a reload is a new peer with the same projector id). */
  peerId: string;
  lastSeen: number;
}

/** A projector silent this long is gone (it announces itself every 2 s). */
export const OUTPUT_SILENCE_MS = 7000;

/** The panel's list after one announcement. */
export function withAnnouncement(list: readonly OutputView[], presence: ProjectorPresence, peerId: string, now: number): OutputView[] {
  const { kind: _kind, ...fields } = presence;
  const next = list.filter((o) => o.projectorId !== presence.projectorId && o.peerId !== peerId);
  next.push({ ...fields, peerId, lastSeen: now });
  return sortOutputs(next);
}

/** The list without the peer that left. */
export const withoutPeer = (list: readonly OutputView[], peerId: string): OutputView[] => list.filter((o) => o.peerId !== peerId);

/** The list without projectors silent for OUTPUT_SILENCE_MS. */
export const withoutSilent = (list: readonly OutputView[], now: number): OutputView[] => list.filter((o) => now - o.lastSeen < OUTPUT_SILENCE_MS);

/** By label, then id: stable for the operator. */
export const sortOutputs = (list: OutputView[]): OutputView[] =>
  list.sort((a, b) => a.label.localeCompare(b.label, undefined, { numeric: true }) || a.projectorId.localeCompare(b.projectorId));

/** What the top bar says while any output is not showing the show; null when all are. */
export function outputsAlert(list: readonly Pick<OutputView, 'blackout' | 'pattern'>[]): string | null {
  const black = list.filter((o) => o.blackout).length;
  const pattern = list.filter((o) => o.pattern !== null).length;
  if (black === 0 && pattern === 0) return null;
  const parts: string[] = [];
  if (black > 0)
    parts.push(black === list.length ? (black === 1 ? 'Output blacked out' : 'All outputs blacked out') : `${black} of ${list.length} outputs blacked out`);
  if (pattern > 0) parts.push(pattern === 1 ? 'Test pattern on 1 output' : `Test pattern on ${pattern} outputs`);
  return parts.join(' · ');
}

/** Blackout-all toggles: black when any output still shows the picture, back when all are black. */
export function blackoutAllOp(list: readonly Pick<OutputView, 'blackout'>[], fadeMs: number): OutputOp {
  const on = list.length === 0 || list.some((o) => !o.blackout);
  return { op: 'blackout', on, fadeMs };
}

/** Seconds typed in the fade field to milliseconds: 0 to 60 s, anything else refused (null). */
export function parseFadeSeconds(text: string): number | null {
  const value = Number(text.trim().replace(',', '.'));
  if (text.trim() === '' || !Number.isFinite(value) || value < 0 || value > 60) return null;
  return Math.round(value * 1000);
}

/** A short line about a projector's health for the panel. */
export function outputSummary(o: Pick<OutputView, 'width' | 'height' | 'fps' | 'status'>): string {
  return `${o.width}×${o.height} · ${Math.round(o.fps)} fps · ${o.status}`;
}
