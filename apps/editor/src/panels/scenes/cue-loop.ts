// The editor's side of a GO: the stage blends from what it showed to the scene over the cue's
// duration (store.cue, read by services/shown-project.ts), on animation frames and the wall clock.
import type { ShownState } from '@beamstage/stage';
import { cueActive, cueProgress } from '@beamstage/timeline';
import type { SceneCue } from '@beamstage/timeline';
import { ref } from 'valtio';
import type { EditorStore } from '../../state/editor-store';

export interface CueFrames {
  request(cb: () => void): number;
  cancel(id: number): void;
}

const running = new WeakMap<EditorStore, number>();

/** Starts the blend; a later cue replaces an earlier one still running. */
export function runCue(store: EditorStore, from: ShownState, cue: SceneCue, wallNow: () => number, frames: CueFrames): void {
  const previous = running.get(store);
  if (previous !== undefined) frames.cancel(previous);
  running.delete(store);
  if (!cueActive(cue, wallNow())) {
    store.cue = null;
    return;
  }
  store.cue = { from: ref(from), toSceneId: cue.toSceneId, progress: cueProgress(cue, wallNow()) };
  const tick = () => {
    const now = wallNow();
    if (!store.cue || !cueActive(cue, now)) {
      store.cue = null;
      running.delete(store);
      return;
    }
    store.cue.progress = cueProgress(cue, now);
    running.set(store, frames.request(tick));
  };
  running.set(store, frames.request(tick));
}
