// The Scenes panel's list logic, pure: Primary first, the rest in the project's order.
import { PRIMARY_SCENE_NAME } from '@beamstage/layers';
import type { Scene } from '@beamstage/layers';

export const isPrimary = (s: Pick<Scene, 'name' | 'metadata'>) => s.metadata?.isPrimaryScene === true || s.name === PRIMARY_SCENE_NAME;

/** Scenes as the panel lists them: the Primary scene first, then the others in list order. */
export function listedScenes<S extends Pick<Scene, 'name' | 'metadata'>>(scenes: readonly S[]): S[] {
  const primary = scenes.find(isPrimary);
  return primary ? [primary, ...scenes.filter((s) => s !== primary)] : [...scenes];
}

/** The project list index for moving a scene one step up or down in the panel (Primary stays first). */
export function reorderTarget(scenes: readonly (Pick<Scene, 'name' | 'metadata'> & { id: string })[], id: string, delta: -1 | 1): number | null {
  const listed = listedScenes(scenes);
  const from = listed.findIndex((s) => s.id === id);
  const to = from + delta;
  if (from < 0 || isPrimary(listed[from]!) || to < 0 || to >= listed.length || isPrimary(listed[to]!)) return null;
  return scenes.findIndex((s) => s.id === listed[to]!.id);
}

/** Whether "Update" may store the current state in a scene: the Primary scene only while it is the active context (spec section 4). */
export function canUpdateScene(scene: Pick<Scene, 'name' | 'metadata'> & { id: string }, activeSceneId: string | null): boolean {
  return !isPrimary(scene) || activeSceneId === null || activeSceneId === scene.id;
}
