import { describe, expect, it } from 'vitest';
import { createMediaLoadGate } from './media-load-gate';

describe('the first media load of an opened project', () => {
  it('shows while any layer of the first load is loading, then never again', () => {
    const gate = createMediaLoadGate();
    expect(gate.loading).toBe(true);
    expect(gate.update({ layerId: 'a', status: 'loading' })).toBe(true);
    expect(gate.update({ layerId: 'b', status: 'loading' })).toBe(true);
    expect(gate.drawn()).toBe(true);
    expect(gate.update({ layerId: 'a', status: 'loaded' })).toBe(true);
    expect(gate.update({ layerId: 'b', status: 'error' })).toBe(false);
    // A layer added later loads on its own; the overlay stays away.
    expect(gate.update({ layerId: 'c', status: 'loading' })).toBe(false);
    expect(gate.loading).toBe(false);
  });

  it('ends at the first frame when the project has no media', () => {
    const gate = createMediaLoadGate();
    expect(gate.drawn()).toBe(false);
    expect(gate.loading).toBe(false);
  });
});
