import { BLEND_MODES, FILTER_BLEND_FALLBACK } from '@beamstage/layers';
import { describe, expect, it } from 'vitest';
import { blendFallbackNote, blendIsFixed, blendModeLabel, blendOptions, DOM_CSS_BLEND } from './blend-display';

describe('blend display', () => {
  it('lists the 27 modes by name in the spec order', () => {
    const options = blendOptions({ type: 'image' });
    expect(options.map((o) => o.mode)).toEqual([...BLEND_MODES]);
    expect(options).toHaveLength(27);
    expect(blendModeLabel('color-dodge')).toBe('Color dodge');
    expect(blendModeLabel('src-atop')).toBe('Source atop');
    expect(blendModeLabel('dst-over')).toBe('Destination over');
    expect(options.every((o) => o.note === null)).toBe(true);
  });

  it('notes the with-filters fallback of spec section 5 only when the layer has filters', () => {
    const options = blendOptions({ type: 'image', filters: [{ type: 'blur' }] });
    for (const o of options) {
      const to = FILTER_BLEND_FALLBACK[o.mode];
      expect(o.note).toBe(to && to !== o.mode ? `With filters this draws as ${blendModeLabel(to)}` : null);
    }
    expect(blendFallbackNote('overlay', 'image', true)).toBe('With filters this draws as Multiply');
    expect(blendFallbackNote('lighten', 'video', true)).toBe('With filters this draws as Screen');
    expect(blendFallbackNote('overlay', 'image', false)).toBeNull();
  });

  it('shows which modes a DOM layer draws as normal (no CSS mix-blend-mode)', () => {
    expect(blendFallbackNote('subtract', 'html', false)).toMatch(/Draws as Normal/);
    expect(blendFallbackNote('xor', 'url', false)).toMatch(/Draws as Normal/);
    expect(blendFallbackNote('multiply', 'html', false)).toBeNull();
    expect(blendFallbackNote('add', 'rtmp', false)).toBeNull();
    // Every mode has an entry; exactly the ten without CSS equivalents are null.
    expect(Object.keys(DOM_CSS_BLEND).sort()).toEqual([...BLEND_MODES].sort());
    expect(BLEND_MODES.filter((m) => DOM_CSS_BLEND[m] === null)).toEqual([
      'subtract',
      'erase',
      'xor',
      'src-in',
      'src-out',
      'src-atop',
      'dst-over',
      'dst-in',
      'dst-out',
      'dst-atop',
    ]);
    // A canvas layer is blended by render-core: never "draws as normal" for lack of CSS.
    expect(blendFallbackNote('subtract', 'image', false)).toBeNull();
  });

  it('fixes the mode of masks', () => {
    expect(blendIsFixed('mask')).toBe(true);
    expect(blendIsFixed('dom_mask')).toBe(true);
    expect(blendIsFixed('image')).toBe(false);
  });
});
