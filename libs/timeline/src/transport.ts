// The transport as every player of a show shares it: enough to compute the time at any wall-clock
// instant, so a projector that joins late (or has its own clock) plays the same frame as the editor.
import { clampNumber } from './settings';

/** Playing or not, and from which wall-clock instant at which timeline time and speed. */
export interface TransportState {
  playing: boolean;
  /** Wall-clock ms (Date.now() on the sender, offset-corrected on the receiver) when timeAtStart held. */
  startedAtWallMs: number;
  /** Timeline ms at startedAtWallMs; while stopped or paused, the time shown. */
  timeAtStart: number;
  speed: number;
}

/** The play region and loop setting the transport runs inside. */
export interface TransportBounds {
  playStartTime: number;
  /** The smaller of the play end and the content end. */
  playEnd: number;
  loop: boolean;
  fps: number;
}

/**
 * The timeline time at wall-clock `wallNowMs`, quantised to whole frames like the playback engine
 * (each frame advances 1000/fps x speed). Past the end it wraps to the play start when looping,
 * otherwise holds at the end. `ended` says the show reached the end without looping.
 */
export function transportTimeAt(transport: TransportState, bounds: TransportBounds, wallNowMs: number): { time: number; ended: boolean } {
  if (!transport.playing) return { time: transport.timeAtStart, ended: false };
  const frameMs = 1000 / Math.max(1, bounds.fps);
  const frames = Math.floor(Math.max(0, wallNowMs - transport.startedAtWallMs) / frameMs + 1e-9);
  const t = transport.timeAtStart + frames * frameMs * transport.speed;
  const start = bounds.playStartTime;
  const end = Math.max(start, bounds.playEnd);
  if (t < end) return { time: t, ended: false };
  if (!bounds.loop || end - start <= 0) return { time: end, ended: true };
  // Looping restarts at the play start: the first lap ends at `end`, later laps span the region.
  return { time: start + ((t - end) % (end - start)), ended: false };
}

/** A transport received over the wire, or null when it is not one (hostile input is dropped). */
export function readTransport(value: unknown): TransportState | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const num = (x: unknown) => typeof x === 'number' && Number.isFinite(x);
  if (typeof v['playing'] !== 'boolean' || !num(v['startedAtWallMs']) || !num(v['timeAtStart']) || !num(v['speed'])) return null;
  return {
    playing: v['playing'],
    startedAtWallMs: v['startedAtWallMs'] as number,
    timeAtStart: Math.max(0, v['timeAtStart'] as number),
    speed: clampNumber(v['speed'] as number, 0.1, 10),
  };
}

/** The ephemeral message type an editor sends its transport under. */
export const TRANSPORT_MESSAGE = 'beamstage.transport';

/** A transport message: the transport and the bounds it runs in; null for any other message. */
export function readTransportMessage(message: unknown): { transport: TransportState; bounds: Partial<TransportBounds>; stopped: boolean } | null {
  if (typeof message !== 'object' || message === null || (message as { type?: unknown }).type !== TRANSPORT_MESSAGE) return null;
  const transport = readTransport((message as { transport?: unknown }).transport);
  if (!transport) return null;
  const t = (message as { timeline?: Record<string, unknown> | null }).timeline ?? {};
  const bounds: Partial<TransportBounds> = {};
  if (typeof t['playStartTime'] === 'number') bounds.playStartTime = t['playStartTime'];
  if (typeof t['playEndTime'] === 'number') bounds.playEnd = t['playEndTime'];
  if (typeof t['loop'] === 'boolean') bounds.loop = t['loop'];
  if (typeof t['fps'] === 'number') bounds.fps = t['fps'];
  return { transport, bounds, stopped: (message as { state?: unknown }).state === 'stopped' };
}
