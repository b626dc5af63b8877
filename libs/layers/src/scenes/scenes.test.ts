import { describe, expect, it, vi } from 'vitest';
import { orderedLayers, orderedScenes } from '../document/doc';
import { CommandHistory } from '../commands/history';
import type { LayerId, SceneId } from '../schema/ids';
import { cloneJson } from '../schema/json';
import { removeLayer, updateLayer } from '../commands/layer-ops';
import { buildProjectDoc } from '../testing';
import {
  clearScenesCommand,
  createSceneCommand,
  deleteSceneCommand,
  duplicateSceneCommand,
  importScenesCommand,
  reorderSceneCommand,
  switchSceneCommand,
  updateSceneCommand,
} from './scene-commands';
import { applySceneState, enterPreview, exitPreview, findPrimaryScene, sceneCanvas, updatePrimaryScene } from './scene-ops';

const S = (s: string) => s as SceneId;
const NOW = '2026-01-01T00:00:00.000Z';

describe('scene commands', () => {
  it('create names "Scene N", duplicate adds " Copy", each undoable', () => {
    const doc = buildProjectDoc(['html', 'image']);
    const h = new CommandHistory();
    const start = cloneJson(doc);
    h.execute(doc, createSceneCommand(S('s1'), NOW));
    h.execute(doc, createSceneCommand(S('s2'), NOW));
    expect(orderedScenes(doc).map((s) => s.name)).toEqual(['Scene 1', 'Scene 2']);
    h.execute(doc, duplicateSceneCommand(S('s1'), S('s3'), NOW));
    expect(orderedScenes(doc).map((s) => s.name)).toEqual(['Scene 1', 'Scene 1 Copy', 'Scene 2']);
    h.execute(doc, updateSceneCommand(S('s2'), { name: 'Intro' }, NOW));
    h.execute(doc, reorderSceneCommand(S('s2'), 0));
    expect(orderedScenes(doc).map((s) => s.name)).toEqual(['Intro', 'Scene 1', 'Scene 1 Copy']);
    h.execute(doc, deleteSceneCommand(S('s1')));
    h.execute(
      doc,
      importScenesCommand([cloneJson(doc.scenes.s2!)], () => S('fresh')),
    );
    expect(doc.scenes.fresh?.name).toBe('Intro');
    const full = cloneJson(doc);
    h.execute(doc, clearScenesCommand());
    expect(Object.keys(doc.scenes)).toEqual([]);
    h.undo(doc);
    expect(doc).toEqual(full);
    while (h.undo(doc));
    expect(doc).toEqual(start);
  });

  it('switch applies the scene; an unknown id is a logged error; undo restores', () => {
    const doc = buildProjectDoc(['html', 'image']);
    const h = new CommandHistory();
    h.execute(doc, createSceneCommand(S('s1'), NOW));
    removeLayer(doc, 'L0');
    updateLayer(doc, 'L1', { opacity: 0.2 });
    doc.canvas.width = 1000;
    const before = cloneJson(doc);
    h.execute(doc, switchSceneCommand(S('s1')));
    expect(orderedLayers(doc).map((l) => l.id)).toEqual(['L0', 'L1']);
    expect(doc.layers.L1!.opacity).toBe(1);
    expect(doc.canvas.width).toBe(800);
    h.undo(doc);
    expect(doc).toEqual(before);
    const logger = { error: vi.fn(), warn: vi.fn() };
    const cmd = switchSceneCommand(S('nope'), logger);
    h.execute(doc, cmd);
    expect(cmd.result).toBe(false);
    expect(logger.error).toHaveBeenCalledWith('Scene not found: nope');
    expect(doc).toEqual(before);
  });

  it('applying a scene without a canvas uses 800x600, #000000, normal', () => {
    expect(sceneCanvas({})).toEqual({ width: 800, height: 600, background: '#000000', blendMode: 'normal' });
    const doc = buildProjectDoc(['image']);
    doc.canvas.width = 5;
    applySceneState(doc, { layers: [] });
    expect(doc.canvas).toEqual({ width: 800, height: 600, background: '#000000', blendMode: 'normal' });
  });

  it('preview saves and restores the state', () => {
    const doc = buildProjectDoc(['html', 'image']);
    createSceneCommand(S('s1'), NOW).execute(doc);
    updateLayer(doc, 'L1', { x: 5 });
    const before = cloneJson(doc);
    const saved = enterPreview(doc, 's1');
    expect(doc.layers.L1!.x).toBe(400);
    exitPreview(doc, saved!);
    expect(doc).toEqual(before);
    expect(enterPreview(doc, 'nope')).toBeNull();
  });

  it('Primary scene: only as the active context; a playing timeline stops first', () => {
    const doc = buildProjectDoc(['image']);
    const stop = vi.fn();
    expect(updatePrimaryScene(doc, { activeSceneId: null, isPlaying: true, stopPlayback: stop, nowIso: NOW }, S('p'))).toBe('p');
    expect(stop).toHaveBeenCalledTimes(1);
    expect(findPrimaryScene(doc)?.name).toBe('Primary');
    createSceneCommand(S('other'), NOW).execute(doc);
    updateLayer(doc, 'L0' as LayerId, { x: 1 });
    expect(updatePrimaryScene(doc, { activeSceneId: 'other', isPlaying: false, stopPlayback: stop, nowIso: NOW }, S('q'))).toBeNull();
    expect(doc.scenes.p!.layers[0]!.x).toBe(400);
    expect(updatePrimaryScene(doc, { activeSceneId: 'p', isPlaying: false, stopPlayback: stop, nowIso: NOW }, S('q'))).toBe('p');
    expect(doc.scenes.p!.layers[0]!.x).toBe(1);
  });
});
