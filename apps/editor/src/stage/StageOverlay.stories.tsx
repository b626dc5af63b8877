import type { Layer } from '@beamstage/layers';
import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { Loupe } from './Loupe';
import { StageOverlay } from './StageOverlay';
import type { StageOverlayProps } from './StageOverlay';
import { meshGridFromCorners } from './tools/geometry';
import { drawLoupe } from './tools/loupe-draw';
import { squareLayer } from './tools/test-project';
import { stageToScreen } from './tools/viewport';

const BOX = { width: 640, height: 420 };
const VIEWPORT = { zoom: 0.7, x: 40, y: 20 };
const layer = squareLayer('Image 1', 400, 300);
const warped: Layer = {
  ...layer,
  warp: {
    ...layer.warp,
    enabled: true,
    points: [
      { x: 280, y: 190 },
      { x: 520, y: 220 },
      { x: 500, y: 420 },
      { x: 300, y: 400 },
    ],
  },
};
const meshPoints = meshGridFromCorners(warped.warp.points, 4).map((p, i) => (i === 5 ? { x: p.x + 25, y: p.y - 20 } : p));
const meshed: Layer = { ...warped, warp: { ...warped.warp, meshEnabled: true, meshResolution: 4, meshPoints } };

/** A stage-like backdrop with the canvas area drawn where the viewport puts it. */
function Frame({ children }: { children: ReactNode }) {
  return (
    <div style={{ position: 'relative', width: BOX.width, height: BOX.height, background: '#15151f', overflow: 'hidden' }}>
      <div
        style={{
          position: 'absolute',
          left: VIEWPORT.x,
          top: VIEWPORT.y,
          width: 800 * VIEWPORT.zoom,
          height: 600 * VIEWPORT.zoom,
          background: '#000',
          boxShadow: '0 0 0 1px #333',
        }}
      />
      {children}
    </div>
  );
}

const base: StageOverlayProps = { layer: warped, editable: true, viewport: VIEWPORT, box: BOX, view: { loupe: null, snap: null, tool: null } };

export default {
  title: 'Editor/Stage/StageOverlay',
  component: StageOverlay,
  args: base,
  render: (args: StageOverlayProps) => (
    <Frame>
      <StageOverlay {...args} />
    </Frame>
  ),
};

/** A corner-pinned layer: outline, four corner handles, rotation handle, edge and corner scale handles. */
export const Handles = {};
/** A 4x4 mesh: the grid and its 16 points replace the corner handles. */
export const MeshGrid = { args: { layer: meshed } };
/** A locked layer (or a viewer): outline only. */
export const Locked = { args: { editable: false } };
/** A corner snapped to another layer's corner: the snap ring. */
export const Snapped = { args: { view: { loupe: warped.warp.points[1], snap: 'corner', tool: 'corner' } } };

/** The loupe over a test pattern, as it shows while a corner is dragged. */
function LoupeDemo() {
  const ref = useRef<HTMLCanvasElement>(null);
  const at = warped.warp.points[1]!;
  useEffect(() => {
    const source = document.createElement('canvas');
    source.width = 800;
    source.height = 600;
    const g = source.getContext('2d');
    if (!g || !ref.current) return;
    for (let y = 0; y < 600; y += 10)
      for (let x = 0; x < 800; x += 10) {
        g.fillStyle = (x + y) % 20 === 0 ? '#7c5cff' : '#22d3ee';
        g.fillRect(x, y, 10, 10);
      }
    drawLoupe(ref.current, source, at, VIEWPORT.zoom);
  }, [at]);
  return (
    <Frame>
      <StageOverlay {...base} view={{ loupe: at, snap: null, tool: 'corner' }} />
      <Loupe ref={ref} at={stageToScreen(VIEWPORT, at)} box={BOX} />
    </Frame>
  );
}
export const LoupeWhileDragging = { render: () => <LoupeDemo /> };
