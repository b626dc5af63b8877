import { describe, expect, it } from 'vitest';
import { addAsset, createBackupRecord, removeAsset, restoreBackupData } from './assets-backup';
import { effectiveBlendMode, normalizeBlendMode, BLEND_MODES } from '../schema/blend';
import { mapToList } from '../document/doc';
import { buildProjectDoc, buildProjectJson } from '../testing';

describe('assets', () => {
  it('a duplicate asset id is ignored; removal returns the asset', () => {
    const doc = buildProjectDoc([]);
    expect(addAsset(doc, { id: 'a' as never, name: 'one', type: 'image' })).toBe(true);
    expect(addAsset(doc, { id: 'b' as never, name: 'two', type: 'image' })).toBe(true);
    expect(addAsset(doc, { id: 'a' as never, name: 'again', type: 'image' })).toBe(false);
    expect(mapToList(doc.assets).map((a) => a.name)).toEqual(['one', 'two']);
    expect(removeAsset(doc, 'a')).toEqual({ id: 'a', name: 'one', type: 'image' });
    expect(removeAsset(doc, 'a')).toBeNull();
  });
});

describe('backups', () => {
  it('restore requires a project id; non-list layers become an empty list', () => {
    expect(() => restoreBackupData({ layers: [] })).toThrow('Backup data is missing a project id');
    const p = buildProjectJson(['image']);
    expect(restoreBackupData({ ...p, layers: 'oops' }).layers).toEqual([]);
    const rec = createBackupRecord(p, 1_700_000_000_000);
    expect(rec).toMatchObject({ projectId: p.id, timestamp: 1_700_000_000_000, date: '2023-11-14T22:13:20.000Z' });
    expect(restoreBackupData(rec.projectData)).toEqual(p);
  });
});

describe('blend modes (spec section 5)', () => {
  it('27 names; unknown falls back to normal', () => {
    expect(BLEND_MODES).toHaveLength(27);
    expect(normalizeBlendMode('screen')).toBe('screen');
    expect(normalizeBlendMode('sparkle')).toBe('normal');
    expect(normalizeBlendMode(undefined)).toBe('normal');
  });
  it('with filters: the fallback table', () => {
    const table: Record<string, string> = {
      overlay: 'multiply',
      darken: 'multiply',
      'color-burn': 'multiply',
      subtract: 'multiply',
      lighten: 'screen',
      'color-dodge': 'screen',
      'hard-light': 'overlay',
      'soft-light': 'overlay',
      difference: 'subtract',
      exclusion: 'subtract',
      hue: 'normal',
      saturation: 'normal',
      color: 'normal',
      luminosity: 'normal',
      erase: 'normal',
      xor: 'normal',
      'src-in': 'normal',
      'src-out': 'normal',
      'src-atop': 'normal',
      'dst-over': 'normal',
      'dst-in': 'normal',
      'dst-out': 'normal',
      'dst-atop': 'normal',
      normal: 'normal',
      add: 'add',
      multiply: 'multiply',
      screen: 'screen',
    };
    for (const m of BLEND_MODES) {
      expect(effectiveBlendMode(m, true)).toBe(table[m]);
      expect(effectiveBlendMode(m, false)).toBe(m);
    }
  });
});
