import type { RenderDescription } from '@beamstage/render-core';
import { describe, expect, it } from 'vitest';
import { sameDescription } from './same-description';

const desc = (x: number, extra: Record<string, unknown> = {}): RenderDescription => ({
  width: 100,
  height: 50,
  background: '#000000',
  items: [{ id: 'a', source: { kind: 'image', url: 'https://x/y.png' }, width: 10, height: 10, x, y: 5, ...extra }],
});

describe('sameDescription', () => {
  it('equal plain data is the same frame, built anew or not', () => {
    expect(sameDescription(desc(1), desc(1))).toBe(true);
  });
  it('any changed value, added or removed field is another frame', () => {
    expect(sameDescription(desc(1), desc(2))).toBe(false);
    expect(sameDescription(desc(1), desc(1, { opacity: 0.5 }))).toBe(false);
    expect(sameDescription(desc(1, { opacity: 0.5 }), desc(1))).toBe(false);
    expect(sameDescription(desc(1), { ...desc(1), width: 101 })).toBe(false);
    expect(sameDescription(desc(1), { ...desc(1), items: [] })).toBe(false);
  });
  it('objects that are not plain data compare by identity', () => {
    class Element {}
    const el = new Element();
    expect(sameDescription(desc(1, { handle: el }), desc(1, { handle: el }))).toBe(true);
    expect(sameDescription(desc(1, { handle: el }), desc(1, { handle: new Element() }))).toBe(false);
  });
});
