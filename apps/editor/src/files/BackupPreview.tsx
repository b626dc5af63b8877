import type { ProjectJson } from '@beamstage/layers';

/** A small drawing of a backup: the canvas and each visible layer's outline (warp corners when on). */
export function BackupPreview({ project }: { project: ProjectJson }) {
  const w = project.canvas?.width || 800;
  const h = project.canvas?.height || 600;
  const layers = Array.isArray(project.layers) ? project.layers : [];
  return (
    <svg className="backup-preview" viewBox={`0 0 ${w} ${h}`} preserveAspectRatio="xMidYMid meet" aria-hidden="true">
      <rect width={w} height={h} fill={project.canvas?.background || '#000'} />
      {layers
        .filter((l) => l.visible !== false)
        .slice()
        .reverse()
        .map((l) => {
          // A layer's x and y are its centre.
          const [hw, hh] = [l.width / 2, l.height / 2];
          const points =
            l.warp?.enabled && l.warp.points?.length === 4
              ? l.warp.points
              : [
                  { x: l.x - hw, y: l.y - hh },
                  { x: l.x + hw, y: l.y - hh },
                  { x: l.x + hw, y: l.y + hh },
                  { x: l.x - hw, y: l.y + hh },
                ];
          return (
            <polygon
              key={l.id}
              points={points.map((p) => `${p.x},${p.y}`).join(' ')}
              fill="rgba(120,140,255,0.35)"
              stroke="#9aa8ff"
              strokeWidth={Math.max(2, w / 200)}
            />
          );
        })}
    </svg>
  );
}
