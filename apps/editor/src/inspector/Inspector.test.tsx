import { LAYER_TYPES } from '@beamstage/layers';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { INSPECTOR_VIEW_ONLY } from './Inspector';
import { InspectorHarness } from './story-harness';

const html = (type: Parameters<typeof InspectorHarness>[0]['type'], tweak?: Parameters<typeof InspectorHarness>[0]['tweak'], readOnly?: boolean) =>
  renderToString(<InspectorHarness type={type} tweak={tweak} readOnly={readOnly} />);
/** The opening tag of the control whose aria-label (or id-linked label) is `label`. */
const controlTag = (out: string, label: string) => out.match(new RegExp(`<(input|select|textarea)[^>]*aria-label="${label}"[^>]*>`))?.[0] ?? '';
/** Every form control's opening tag. */
const controls = (out: string) => out.match(/<(input|select|textarea)\b[^>]*>/g) ?? [];

describe('the inspector', () => {
  it('shows the canvas settings when nothing is selected', () => {
    const out = html(null);
    expect(out).toContain('Canvas');
    expect(out).toContain('Canvas width');
    expect(out).toContain('Warp handle size');
    expect(out).toContain('value="36"');
  });

  it("gives a viewer the canvas settings read-only, saying so; only this browser's handle size stays theirs", () => {
    const out = html(null, undefined, true);
    expect(out).toContain(`data-testid="inspector-view-only">${INSPECTOR_VIEW_ONLY}</p>`);
    for (const label of ['Canvas width', 'Canvas height', 'Background colour']) expect(controlTag(out, label), label).toContain('disabled=""');
    const fields = controls(out);
    // Width, height, colour, colour text, blend mode: all disabled; the handle size (not in the project) is not.
    expect(fields.filter((tag) => tag.includes('disabled=""'))).toHaveLength(5);
    expect(controlTag(out, 'Warp handle size')).not.toContain('disabled');
    expect(out).toContain('number-field--disabled');
    // An editor's canvas settings: no note, nothing disabled.
    const editor = html(null);
    expect(editor).not.toContain('inspector-view-only');
    expect(controls(editor).filter((tag) => tag.includes('disabled'))).toHaveLength(0);
  });

  it("disables every control of a viewer's layer inspector, with the same note", () => {
    for (const type of ['image', 'fragment-shader', 'html'] as const) {
      const out = html(type, undefined, true);
      expect(out, type).toContain('data-testid="inspector-view-only"');
      const enabled = controls(out).filter((tag) => !tag.includes('disabled=""'));
      expect(enabled, `${type}: ${enabled.join(' ')}`).toHaveLength(0);
    }
  });

  it.each(LAYER_TYPES)('shows transform, appearance and warp for a %s layer', (type) => {
    const out = html(type);
    for (const label of ['Transform', 'Appearance', 'Blend mode', 'Warp', 'Mesh rows and columns', 'Show grid', 'Rotation', 'Scale X'])
      expect(out, label).toContain(label);
    expect(out).toContain(`data-layer-type="${type}"`);
  });

  it('shows a colour the picker cannot hold (transparent) as a checkered swatch, not as black', () => {
    expect(html('html')).toMatch(/class="inspector-color__other"[^>]*title="transparent \(not a single colour/);
    expect(html('html', (l) => Object.assign(l.properties, { background: '#112233' }))).not.toContain('inspector-color__other');
  });

  it('names the type as the Add menu does, not by its stored id', () => {
    expect(html('dom_mask')).toMatch(/data-testid="inspector-summary">DOM mask<!-- --> · /);
    expect(html('fragment-shader')).toMatch(/data-testid="inspector-summary">Fragment shader<!-- --> · /);
  });

  it('shows each type its own content controls', () => {
    expect(html('video')).toContain('Playback rate');
    expect(html('url')).toContain('Scrollable');
    expect(html('html')).toContain('Also locks the layer');
    expect(html('p5js')).toContain('Frame rate');
    expect(html('rtmp')).toContain('HLS fallback');
    expect(html('mask')).toContain('Feather');
    expect(html('mask')).toContain('Masks always blend as Subtract');
  });

  it('gives each declared uniform its control; time and resolution are read-only', () => {
    const out = html('fragment-shader');
    expect(out).toContain('uSpeed slider');
    expect(out).toContain('uColor colour');
    expect(out).toContain('uTintColor alpha');
    expect(out).toContain('uCenter.x');
    expect(out).toMatch(/time[\s\S]*set by the renderer/);
    expect(out).toContain('not editable here');
  });

  it('names the with-filters fallback of the chosen blend mode', () => {
    expect(html('image', (l) => Object.assign(l, { filters: [{ type: 'blur' }], blendMode: 'overlay' }))).toContain('With filters this draws as Multiply');
    expect(html('url', (l) => Object.assign(l, { blendMode: 'subtract' }))).toContain('Draws as Normal on a page layer');
  });
});
