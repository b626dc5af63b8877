// Scenes read from another project's file, made ready to add: ids that already exist get fresh ones.
import { PRIMARY_SCENE_NAME } from '@beamstage/layers';
import type { Scene, SceneId } from '@beamstage/layers';

/** The scenes with unique ids against the project's and each other's; `makeId` gives a fresh id. */
export function scenesForImport(existingIds: readonly string[], scenes: readonly Scene[], makeId: () => string): Scene[] {
  const taken = new Set(existingIds);
  return scenes.map((s) => {
    let id: string = s.id;
    while (taken.has(id)) id = makeId();
    taken.add(id);
    // An imported scene is never the Primary scene of this project (that one stays the main state).
    const { isPrimaryScene: _p, ...metadata } = s.metadata ?? { created: '', modified: '' };
    const name = s.name === PRIMARY_SCENE_NAME ? `${PRIMARY_SCENE_NAME} (imported)` : s.name;
    return { ...s, id: id as SceneId, name, metadata: metadata as Scene['metadata'] };
  });
}
