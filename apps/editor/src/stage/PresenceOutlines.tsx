import type { Layer } from '@beamstage/layers';
import type { PeerView } from '../state/editor-store';

export interface PresenceOutlinesProps {
  layers: readonly Layer[];
  peers: readonly PeerView[];
  width: number;
  height: number;
}

/** Each other participant's selected layer, outlined on the stage in their colour. */
export function PresenceOutlines({ layers, peers, width, height }: PresenceOutlinesProps) {
  const outlined = peers.flatMap((peer) => {
    const layer = peer.selectedLayerId ? layers.find((l) => l.id === peer.selectedLayerId) : undefined;
    return layer ? [{ peer, layer }] : [];
  });
  if (outlined.length === 0) return null;
  return (
    <svg className="presence-outlines" viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="none" aria-hidden="true">
      {outlined.map(({ peer, layer }, i) => {
        // The name tag sits above the top-most corner; several people on one layer stack their tags.
        const top = layer.warp.points.reduce((a, b) => (b.y < a.y ? b : a));
        return (
          <g key={peer.peerId} data-peer-outline={layer.id}>
            <polygon points={layer.warp.points.map((p) => `${p.x},${p.y}`).join(' ')} stroke={peer.color} className="presence-outlines__layer" vectorEffect="non-scaling-stroke" />
            <text x={top.x} y={top.y - 10 - i * 18} fill={peer.color} className="presence-outlines__name">
              {peer.name}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
