import { describe, expect, it } from 'vitest';
import { canUpdateScene, listedScenes, reorderTarget } from './scene-list';

const s = (id: string, name: string, primary = false) => ({ id, name, metadata: { created: '', modified: '', ...(primary ? { isPrimaryScene: true } : {}) } });

describe('scene list', () => {
  const scenes = [s('a', 'Scene 1'), s('p', 'Show start', true), s('b', 'Scene 2'), s('c', 'Primary')];
  it('lists the Primary scene (the flag wins over the name) first', () => {
    expect(listedScenes(scenes).map((x) => x.id)).toEqual(['p', 'a', 'b', 'c']);
    expect(listedScenes([s('a', 'A'), s('c', 'Primary')]).map((x) => x.id)).toEqual(['c', 'a']);
  });
  it('moves a scene one step in the listed order, never above Primary', () => {
    expect(reorderTarget(scenes, 'b', -1)).toBe(0);
    expect(reorderTarget(scenes, 'a', -1)).toBeNull();
    expect(reorderTarget(scenes, 'p', 1)).toBeNull();
    expect(reorderTarget(scenes, 'a', 1)).toBe(2);
  });
  it('updates the Primary scene only while it is the active context', () => {
    const primary = s('p', 'Primary', true);
    expect(canUpdateScene(primary, null)).toBe(true);
    expect(canUpdateScene(primary, 'p')).toBe(true);
    expect(canUpdateScene(primary, 'a')).toBe(false);
    expect(canUpdateScene(s('a', 'Scene 1'), 'b')).toBe(true);
  });
});
