import type { Clock, TimerHandle } from '@beamstage/timeline';
import type { EphemeralChannel } from './ephemeral-channel';

/** The drag target of the project warp (every other target is a layer id). */
export const PROJECT_WARP_TARGET = '@project';

/** An override that never sees its commit (sender crashed mid-drag) is dropped after this long. */
export const DRAG_OVERRIDE_MAX_MS = 2000;

/** What a drag moves: a layer's position and/or its four warp points, or the project warp. */
export interface DragValues {
  x?: number;
  y?: number;
  points?: { x: number; y: number }[];
}

/** One live-drag frame on the ephemeral channel. */
export interface DragMessage extends DragValues {
  kind: 'drag';
  /** Layer id, or PROJECT_WARP_TARGET for the project warp. */
  target: string;
  seq: number;
  /** True on the frame sent at release: the document change carrying the same values follows. */
  final?: boolean;
}

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** Rebuilds a received drag frame from known fields; null when it is not one. */
export function parseDragMessage(message: unknown): DragMessage | null {
  if (!message || typeof message !== 'object') return null;
  const m = message as Record<string, unknown>;
  if (m['kind'] !== 'drag' || typeof m['target'] !== 'string' || !finite(m['seq'])) return null;
  const out: DragMessage = { kind: 'drag', target: m['target'], seq: m['seq'] };
  if (finite(m['x'])) out.x = m['x'];
  if (finite(m['y'])) out.y = m['y'];
  const pts = m['points'];
  if (Array.isArray(pts) && pts.length === 4 && pts.every((p) => p && finite((p as { x: unknown }).x) && finite((p as { y: unknown }).y)))
    out.points = pts.map((p) => ({ x: (p as { x: number }).x, y: (p as { y: number }).y }));
  if (m['final'] === true) out.final = true;
  return out;
}

/** Sends drag frames: call move() once per displayed frame, end() at release (after committing). */
export function createDragSender(channel: EphemeralChannel) {
  let seq = 0;
  return {
    move(target: string, values: DragValues) {
      channel.broadcast({ kind: 'drag', target, seq: ++seq, ...values } satisfies DragMessage);
    },
    end(target: string, values: DragValues) {
      channel.broadcast({ kind: 'drag', target, seq: ++seq, final: true, ...values } satisfies DragMessage);
    },
  };
}

const sameValues = (a: DragValues, b: DragValues): boolean =>
  (a.x === undefined || a.x === b.x) &&
  (a.y === undefined || a.y === b.y) &&
  (a.points === undefined || (!!b.points && a.points.every((p, i) => p.x === b.points![i]?.x && p.y === b.points![i]?.y)));

/**
 * Receives drag frames and keeps them as overrides on top of the document until the document
 * catches up: an override goes when the document shows its final values (the commit arrived), or
 * DRAG_OVERRIDE_MAX_MS after its last frame.
 */
export function createDragReceiver(channel: EphemeralChannel, clock: Clock, onUpdate: () => void = () => undefined) {
  const overrides = new Map<string, { values: DragMessage; sender: string; expiry: TimerHandle }>();
  const drop = (target: string) => {
    const o = overrides.get(target);
    if (!o) return;
    clock.clearTimeout(o.expiry);
    overrides.delete(target);
    onUpdate();
  };
  const unsubscribe = channel.subscribe((message, senderId) => {
    const frame = parseDragMessage(message);
    if (!frame) return;
    const current = overrides.get(frame.target);
    if (current && current.sender === senderId && current.values.seq >= frame.seq) return; // reordered old frame
    if (current) clock.clearTimeout(current.expiry);
    overrides.set(frame.target, { values: frame, sender: senderId, expiry: clock.setTimeout(() => drop(frame.target), DRAG_OVERRIDE_MAX_MS) });
    onUpdate();
  });
  return {
    /** The override for a layer (or '@project'), if a drag is live. */
    get(target: string): DragValues | undefined {
      return overrides.get(target)?.values;
    },
    /** Number of live overrides. */
    size: () => overrides.size,
    /** The targets (layer ids, '@project') with a live override, to apply them all on a redraw. */
    targets: (): string[] => [...overrides.keys()],
    /** Call after each document change with the document's current values of a target. */
    reconcile(target: string, docValues: DragValues) {
      const o = overrides.get(target);
      if (o?.values.final && sameValues(o.values, docValues)) drop(target);
    },
    stop() {
      unsubscribe();
      for (const target of [...overrides.keys()]) drop(target);
    },
  };
}
