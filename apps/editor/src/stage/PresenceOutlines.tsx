import type { Layer } from '@beamstage/layers';
import { applyHomography, type Mat3 } from '@beamstage/render-core';
import { layerCorners } from '@beamstage/stage';
import type { PeerView } from '../state/editor-store';

export interface PresenceOutlinesProps {
  layers: readonly Layer[];
  peers: readonly PeerView[];
  width: number;
  height: number;
  /** The project's output warp (canvas px -> output px), or null: the stage draws through it, so the outlines do too. */
  output?: Mat3 | null;
}

/** Each other participant's selected layer, outlined on the stage in their colour, where the stage draws it. */
export function PresenceOutlines({ layers, peers, width, height, output = null }: PresenceOutlinesProps) {
  const outlined = peers.flatMap((peer) => {
    const layer = peer.selectedLayerId ? layers.find((l) => l.id === peer.selectedLayerId) : undefined;
    return layer ? [{ peer, layer }] : [];
  });
  if (outlined.length === 0) return null;
  return (
    <svg className="presence-outlines" viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="none" aria-hidden="true">
      {outlined.map(({ peer, layer }, i) => {
        // The layer's corners as drawn (its rect, corner pin or mesh outline), through the output warp.
        const corners = layerCorners(layer).map((p) => (output ? applyHomography(output, p) : p));
        // The name tag sits above the top-most corner; several people on one layer stack their tags.
        const top = corners.reduce((a, b) => (b.y < a.y ? b : a));
        return (
          <g key={peer.peerId} data-peer-outline={layer.id}>
            <polygon
              points={corners.map((p) => `${+p.x.toFixed(2)},${+p.y.toFixed(2)}`).join(' ')}
              stroke={peer.color}
              className="presence-outlines__layer"
              vectorEffect="non-scaling-stroke"
            />
            <text x={top.x} y={top.y - 10 - i * 18} fill={peer.color} className="presence-outlines__name">
              {peer.name}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
