import { describe, expect, it } from 'vitest';
import type { Action } from './action';
import { shortcutSections } from './describe';
import { EDITOR_ACTIONS, editorRegistry } from './editor-actions';
import { createActionRegistry } from './registry';
import { chordOf, formatShortcut } from './shortcut';

const action = (id: string, shortcuts: string[] = []): Action<null> => ({
  id,
  label: id,
  group: 'edit',
  shortcuts,
  enabled: () => true,
  perform: () => undefined,
});

describe('the action registry', () => {
  it('refuses duplicate ids and shared chords, on either platform', () => {
    expect(() => createActionRegistry([action('a'), action('a')])).toThrow(/Duplicate action id/);
    expect(() => createActionRegistry([action('a', ['Mod+D']), action('b', ['Ctrl+D'])])).toThrow(/used by both/);
    expect(() => createActionRegistry([action('a', ['Mod+D']), action('b', ['Mod+Shift+D'])])).not.toThrow();
  });

  it("builds the editor's table: no two actions share a key", () => {
    for (const mac of [false, true]) {
      const chords = EDITOR_ACTIONS.flatMap((a) => (a.shortcuts ?? []).map((s) => chordOf(s, mac)));
      expect(new Set(chords).size).toBe(chords.length);
    }
  });

  it('lists every shortcut of every action in the help panel', () => {
    const rows = shortcutSections(EDITOR_ACTIONS, false).flatMap((s) => s.rows);
    for (const a of EDITOR_ACTIONS) {
      for (const s of a.shortcuts ?? []) {
        expect(rows.find((r) => r.id === a.id)?.keys, `${a.id} ${s}`).toContain(formatShortcut(s, false));
      }
    }
  });

  it('has every editor shortcut of spec section 9 and the ones the editor adds', () => {
    const keyOf = (id: string) => editorRegistry.get(id)?.shortcuts ?? [];
    expect(keyOf('edit.undo')).toContain('Mod+Z');
    expect(keyOf('edit.redo')).toEqual(expect.arrayContaining(['Ctrl+Y', 'Mod+Shift+Z']));
    expect(keyOf('layer.toggle-warp')).toContain('E');
    expect(keyOf('add.fragment-shader')).toContain('F2');
    expect(keyOf('code.open')).toContain('Mod+E');
    expect(keyOf('layer.duplicate')).toContain('Mod+D');
    expect(keyOf('file.save')).toContain('Mod+S');
    expect(keyOf('layer.delete')).toContain('Delete');
    expect(keyOf('layer.nudge-left')).toContain('ArrowLeft');
    expect(keyOf('layer.nudge-left-10')).toContain('Shift+ArrowLeft');
    expect(keyOf('layer.nudge-left-0_1')).toContain('Alt+ArrowLeft');
    expect(keyOf('view.palette')).toContain('Mod+K');
    expect(keyOf('help.shortcuts')).toContain('?');
  });

  it('finds actions in the palette by label and keyword, not the hidden nudges', () => {
    expect(editorRegistry.search('dupl').map((a) => a.id)).toContain('layer.duplicate');
    expect(editorRegistry.search('copy').map((a) => a.id)).toContain('layer.duplicate');
    expect(editorRegistry.search('add shader').map((a) => a.id)).toEqual(['add.fragment-shader']);
    expect(editorRegistry.search('nudge')).toEqual([]);
    // A label match comes before a keyword match (Publish has the keyword "share").
    expect(editorRegistry.search('share').map((a) => a.id)).toEqual(['project.share', 'file.publish']);
  });
});
