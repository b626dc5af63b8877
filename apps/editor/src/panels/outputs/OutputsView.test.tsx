import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { OutputsView } from './OutputsView';
import type { OutputView } from './outputs-model';

const output: OutputView = {
  projectorId: 'p1',
  peerId: 'x',
  lastSeen: 0,
  label: '<b>Left</b>',
  width: 1920,
  height: 1080,
  fps: 59.9,
  status: 'good',
  blackout: true,
  pattern: 'bars',
  offline: 'ready',
  notCached: [],
  version: '1',
};
const props = { fadeText: '2', fadeMs: 2000, fadeError: null, onFadeText: () => undefined, onCommand: () => undefined };

describe('OutputsView', () => {
  it('shows each projector with its state, labels as text', () => {
    const html = renderToString(<OutputsView {...props} outputs={[output]} disabled={false} />);
    expect(html).toContain('1920×1080 · 60 fps · good');
    expect(html).toContain('Blacked out');
    expect(html).toContain('Colour bars');
    expect(html).toContain('Ready offline');
    expect(html).toContain('Restore all');
    expect(html).not.toContain('<b>Left</b>');
  });

  it('disables every control for a viewer, and says when no projector is there', () => {
    const html = renderToString(<OutputsView {...props} outputs={[]} disabled />);
    expect(html).toContain('No projector is connected');
    expect(html.match(/<button[^>]*disabled/g)?.length).toBe(html.match(/<button/g)?.length);
  });
});
