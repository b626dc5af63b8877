import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { StageOverlay } from './StageOverlay';
import { meshToggleEdit } from './tools/mesh';
import { createTestStageHost } from './tools/testing';
import { toolTestProject } from './tools/test-project';

const props = { viewport: { zoom: 2, x: 10, y: 0 }, box: { width: 1000, height: 800 }, view: { loupe: null, snap: null, tool: null } };

describe('StageOverlay', () => {
  it('draws corner handles where the viewport puts the corners (screen pixels)', () => {
    const layer = toolTestProject().layers[0]!;
    const html = renderToString(<StageOverlay layer={layer} editable {...props} />);
    expect(html).toContain('data-corner="0" data-x="410" data-y="400"'); // (200, 200) * 2 + (10, 0)
    expect(html).toContain('data-handle="rotate"');
    expect(html.match(/data-handle="scale-/g)).toHaveLength(8);
  });

  it('shows the mesh points instead of corners when a mesh is on; a locked layer gets no handles', () => {
    const host = createTestStageHost(toolTestProject());
    host.edit(meshToggleEdit(host.document.layers[0]!));
    const meshed = renderToString(<StageOverlay layer={host.document.layers[0]!} editable {...props} />);
    expect(meshed.match(/data-mesh-point=/g)).toHaveLength(16);
    expect(meshed).not.toContain('data-corner');
    const locked = renderToString(<StageOverlay layer={host.document.layers[1]!} editable={false} {...props} />);
    expect(locked).toContain('selection-outline');
    expect(locked).not.toContain('data-handle');
  });
});
