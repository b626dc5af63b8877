// What the stage draws, followed outside React: the document at the playhead (or the stash, a
// previewed scene, a GO's blend) with everyone's live drags on top. It is recomputed only when one
// of its inputs changes, and its listeners hear only when the result does.
import type { ProjectJson } from '@beamstage/layers';
import { applyDragOverrides } from '@beamstage/stage';
import { snapshot, subscribe } from 'valtio';
import { createShownProject } from '../services/shown-project';
import type { ShownInput } from '../services/shown-project';
import type { EditorState, EditorStore } from '../state/editor-store';
import type { Source } from '../state/source';

export type ShownSource = Source<ProjectJson | null>;

export function createShownSource(store: EditorStore, shown: (input: ShownInput) => ProjectJson = createShownProject()): ShownSource {
  let inputs: readonly unknown[] = [];
  let value: ProjectJson | null = null;
  const get = (): ProjectJson | null => {
    // A snapshot shares unchanged parts with the last one, so unchanged inputs compare equal by identity.
    const s = snapshot(store) as unknown as EditorState;
    const next = [s.project, s.playback, s.playhead, s.stash, s.playingSceneId, s.previewSceneId, s.cue, s.remoteDrags, s.dragPreview];
    if (next.length === inputs.length && next.every((v, i) => v === inputs[i])) return value;
    inputs = next;
    if (!s.project) return (value = null);
    const timelineProject = shown({
      project: s.project,
      playback: s.playback,
      playhead: s.playhead,
      stash: s.stash,
      playingSceneId: s.playingSceneId,
      previewSceneId: s.previewSceneId,
      cue: s.cue,
    });
    const own = s.dragPreview;
    value = applyDragOverrides(timelineProject, [...Object.entries(s.remoteDrags), ...(own ? [[own.target, own.values] as const] : [])]);
    return value;
  };
  return {
    get,
    subscribe(listener) {
      let last = get();
      return subscribe(store, () => {
        const next = get();
        if (next === last) return;
        last = next;
        listener();
      });
    },
  };
}
