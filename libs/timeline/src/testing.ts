// Builders and recorders for tests of this lib and of the apps that drive it (not exported from index).
import { createKeyframe, type Keyframe } from './keyframe';
import type { EasingName } from './easing';
import type { TimelineLogger } from './logger';
import type { PlaybackHooks } from './playback-engine';
import type { TimelineData } from './timeline-data';

let seq = 0;

/** A keyframe with a generated id. */
export function kf(layerId: string, property: string, time: number, value: unknown, easing: EasingName = 'linear'): Keyframe {
  seq += 1;
  return createKeyframe({ id: `kf-${seq}`, layerId, property, time, value, easing });
}

/** A logger that keeps what it was told. */
export function recordingLogger(): TimelineLogger & { warnings: { message: string; details?: Record<string, unknown> }[] } {
  const warnings: { message: string; details?: Record<string, unknown> }[] = [];
  return { warnings, warn: (message, details) => void warnings.push(details ? { message, details } : { message }) };
}

/** Playback hooks that record every call in order. */
export function recordingHooks(): { hooks: PlaybackHooks; calls: string[]; times: number[]; changes: TimelineData[]; sceneLoads: string[] } {
  const calls: string[] = [];
  const times: number[] = [];
  const changes: TimelineData[] = [];
  const sceneLoads: string[] = [];
  return {
    calls,
    times,
    changes,
    sceneLoads,
    hooks: {
      disableAutosave: () => void calls.push('disableAutosave'),
      enableAutosave: () => void calls.push('enableAutosave'),
      stashState: () => void calls.push('stashState'),
      restoreState: () => void calls.push('restoreState'),
      switchToPrimaryScene: () => void calls.push('switchToPrimaryScene'),
      requestSceneLoad: (sceneId) => {
        calls.push(`requestSceneLoad:${sceneId}`);
        sceneLoads.push(sceneId);
      },
      onTimeChange: (t) => void times.push(t),
      onChange: (data) => {
        calls.push('onChange');
        changes.push(data);
      },
    },
  };
}
