import { describe, expect, it } from 'vitest';
import { defaultCanvas } from '../schema/defaults';
import { layerLogKind } from '../schema/groups';
import { CommandHistory } from '../commands/history';
import { migrateProject } from '../schema/migrate';
import { readLayer, readLayers } from './read-project';
import { buildProjectDoc } from '../testing';
import { toggleWarpCommand } from '../commands/layer-commands';

describe('objects are rebuilt from known fields', () => {
  it('a layer keeps typed known fields and falls back to defaults for the rest', () => {
    const l = readLayer(
      {
        id: 'a',
        type: 'video',
        name: 7,
        x: 'NaN',
        y: 12,
        opacity: 0.5,
        blendMode: 'plasma',
        scale: { x: 2, y: 'big' },
        content: { src: 'v.mp4', playing: 'yes', loop: false, script: 'alert(1)' },
        properties: { volume: 0.2 },
        warp: { enabled: true, points: [{ x: 1, y: 1 }] },
        filters: [{ blur: 2 }],
        extra: { a: 1 },
      },
      defaultCanvas(),
    )!;
    expect(l.name).toBe('video');
    expect(l.x).toBe(400);
    expect(l.y).toBe(12);
    expect(l.opacity).toBe(0.5);
    expect(l.blendMode).toBe('normal');
    expect(l.scale).toEqual({ x: 2, y: 1 });
    expect(l.content).toEqual({ src: 'v.mp4', playing: true, loop: false });
    expect(l.properties).toEqual({ volume: 0.2, playbackRate: 1, fitMode: 'contain' });
    expect(l.warp.enabled).toBe(true);
    expect(l.warp.points).toHaveLength(4);
    expect(l.filters).toEqual([{ blur: 2 }]);
    expect('extra' in l).toBe(false);
  });
  it('drops layers with an unknown type or no id; renames repeated ids', () => {
    const warnings: string[] = [];
    const list = readLayers(
      [{ id: 'a', type: 'image' }, { id: 'a', type: 'image' }, { id: 'b', type: 'hologram' }, { type: 'image' }],
      defaultCanvas(),
      warnings,
    );
    expect(list.map((l) => l.id)).toEqual(['a', 'a_2']);
    expect(warnings).toHaveLength(3);
  });
  it('a sparse old file gets every default', () => {
    const r = migrateProject({ version: '1.0', id: 'p1', layers: [{ id: 'x', type: 'html' }], timeline: { fps: 24 } });
    expect(r.project.canvas).toEqual({ width: 800, height: 600, background: '#000000', blendMode: 'normal' });
    expect(r.project.metadata).toMatchObject({ id: 'p1', name: 'Untitled Project', syncEnabled: true, autoMode: false, isPublic: false });
    expect(r.project.timeline).toMatchObject({ fps: 24, duration: 30000, playEndTime: 30000 });
    expect(r.project.layers[0]!.properties).toEqual({ background: 'transparent', css: '', interactive: false });
  });
});

describe('misc', () => {
  it('layer kinds in logs', () => {
    expect(['image', 'video', 'p5js', 'fragment-shader', 'html'].map(layerLogKind)).toEqual(['image', 'video', 'p5js', 'shader', 'unknown']);
  });
  it('history serialises type, description and index', () => {
    const doc = buildProjectDoc(['image']);
    const h = new CommandHistory();
    h.execute(doc, toggleWarpCommand('L0' as never));
    expect(h.toJson()).toEqual({ commands: [{ type: 'toggleWarp', description: 'Toggle warp' }], currentIndex: 0 });
  });
});
