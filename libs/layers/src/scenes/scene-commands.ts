// Scene commands are undoable like layer commands (spec section 4).
import type { ProjectDoc } from '../document/doc';
import type { SceneId } from '../schema/ids';
import type { Logger } from '../schema/logger';
import type { RecordedCommand } from '../commands/recorded-command';
import { recordCommand } from '../commands/recorded-command';
import type { Scene } from '../schema/types';
import type { ScenePatch } from './scene-ops';
import { captureScene, clearScenes, createScene, deleteScene, duplicateScene, importScenes, reorderScene, switchScene, updateScene } from './scene-ops';

/** Captures the current state as a new scene ("Scene N" unless named). */
export function createSceneCommand(id: SceneId, nowIso: string, name?: string): RecordedCommand<SceneId> {
  return recordCommand('createScene', 'Create scene', { scenes: [id] }, (doc: ProjectDoc) => createScene(doc, captureScene(doc, id, nowIso, name)));
}

export function updateSceneCommand(id: SceneId, patch: ScenePatch, nowIso: string): RecordedCommand<boolean> {
  return recordCommand('updateScene', 'Update scene', { scenes: [id] }, (doc) => updateScene(doc, id, patch, nowIso));
}

export function deleteSceneCommand(id: SceneId): RecordedCommand<boolean> {
  return recordCommand('deleteScene', 'Delete scene', { scenes: [id] }, (doc) => deleteScene(doc, id));
}

export function duplicateSceneCommand(id: SceneId, newId: SceneId, nowIso: string): RecordedCommand<SceneId | null> {
  return recordCommand('duplicateScene', 'Duplicate scene', { scenes: [id, newId] }, (doc) => duplicateScene(doc, id, newId, nowIso));
}

/** Applies a scene to the project; an unknown id is a logged error. */
export function switchSceneCommand(id: SceneId, logger?: Logger): RecordedCommand<boolean> {
  return recordCommand('switchScene', 'Switch scene', { layers: 'all', canvas: true, warpPoints: true }, (doc) => switchScene(doc, id, logger));
}

export function reorderSceneCommand(id: SceneId, toIndex: number): RecordedCommand<number> {
  return recordCommand('reorderScenes', 'Reorder scenes', { scenes: 'all' }, (doc) => reorderScene(doc, id, toIndex));
}

export function clearScenesCommand(): RecordedCommand<number> {
  return recordCommand('clearScenes', 'Clear scenes', { scenes: 'all' }, (doc) => clearScenes(doc));
}

/** Imports scenes; the ids colliding with existing ones are replaced by ids from makeId, fixed at first run. */
export function importScenesCommand(scenes: readonly Scene[], makeId: () => SceneId): RecordedCommand<SceneId[]> {
  return recordCommand('importScenes', 'Import scenes', { scenes: 'all' }, (doc) => importScenes(doc, scenes, makeId));
}
