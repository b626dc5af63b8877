import type { Point } from '@beamstage/layers';
import { withCorner } from '../live/project-edits';
import { CheckboxField, Section } from './fields';
import { meshGridFromCorners } from '../stage/tools/geometry';
import { MESH_RESOLUTION_MAX, MESH_RESOLUTION_MIN, meshIsComplete } from './mesh-grid';
import { NumberField } from './NumberField';
import { LiveNumberField, useLatestLayer } from './live-layer';
import type { LayerSectionProps } from './section-props';

const CORNER_NAMES = ['Top left', 'Top right', 'Bottom right', 'Bottom left'] as const;

/** Corner warp (four points as numbers), mesh warp (resolution, reset) and the alignment grid. */
export function WarpSection({ layer, update, disabled }: LayerSectionProps) {
  const warp = layer.warp;
  // The corners follow drags and playback outside this section's render (./live-layer.tsx): edits read them as they are now.
  const latest = useLatestLayer(layer);
  const points = () => latest().warp.points;
  const setPoint = (index: number, to: Partial<Point>) =>
    update({ warp: { points: withCorner(points(), index, { ...points()[index]!, ...to }) } }, `warp.points.${index}`);
  const resetMesh = (resolution: number) =>
    update({ warp: { meshResolution: resolution, meshPoints: meshGridFromCorners(points(), resolution) } }, 'warp.mesh');
  return (
    <Section title="Warp" testId="inspector-warp">
      <CheckboxField label="Corner warp" checked={warp.enabled} disabled={disabled} onChange={(enabled) => update({ warp: { enabled } }, 'warp.enabled')} />
      <div className="inspector-corners">
        {warp.points.map((_, i) => (
          <div className="inspector-corner" key={CORNER_NAMES[i]}>
            <span className="inspector-corner__name">{CORNER_NAMES[i]}</span>
            <LiveNumberField
              layer={layer}
              label="X"
              title={`${CORNER_NAMES[i]} X`}
              read={(l) => l.warp.points[i]!.x}
              disabled={disabled}
              onCommit={(x) => setPoint(i, { x })}
            />
            <LiveNumberField
              layer={layer}
              label="Y"
              title={`${CORNER_NAMES[i]} Y`}
              read={(l) => l.warp.points[i]!.y}
              disabled={disabled}
              onCommit={(y) => setPoint(i, { y })}
            />
          </div>
        ))}
      </div>
      <CheckboxField
        label="Mesh warp"
        checked={warp.meshEnabled}
        disabled={disabled}
        hint={warp.meshEnabled && !warp.enabled ? 'Turns on with the corner warp' : undefined}
        onChange={(meshEnabled) =>
          // A new mesh starts on the corners' grid, so turning it on changes no pixel until a point moves.
          update(
            meshEnabled && !meshIsComplete(warp.meshPoints, warp.meshResolution)
              ? { warp: { meshEnabled, enabled: true, meshPoints: meshGridFromCorners(points(), warp.meshResolution) } }
              : { warp: meshEnabled ? { meshEnabled, enabled: true } : { meshEnabled } },
            'warp.meshEnabled',
          )
        }
      />
      <div className="inspector-grid">
        <NumberField
          label="Mesh"
          title="Mesh rows and columns"
          integer
          min={MESH_RESOLUTION_MIN}
          max={MESH_RESOLUTION_MAX}
          value={warp.meshResolution}
          disabled={disabled}
          onCommit={(resolution) => resetMesh(resolution)}
        />
        <button type="button" className="bs-btn bs-btn--ghost bs-btn--sm" disabled={disabled} onClick={() => resetMesh(warp.meshResolution)}>
          Reset mesh
        </button>
      </div>
      <p className="inspector-hint">
        {warp.meshResolution} × {warp.meshResolution} points
        {warp.meshEnabled && !meshIsComplete(warp.meshPoints, warp.meshResolution) ? ' (incomplete: reset to use it)' : ''}
      </p>
      <CheckboxField label="Show grid" checked={warp.showGrid} disabled={disabled} onChange={(showGrid) => update({ warp: { showGrid } }, 'warp.showGrid')} />
      <div className="inspector-grid">
        <NumberField
          label="Density"
          title="Grid density (lines)"
          integer
          min={1}
          max={100}
          value={warp.gridDensity}
          disabled={disabled}
          onCommit={(gridDensity) => update({ warp: { gridDensity } }, 'warp.gridDensity')}
        />
        <NumberField
          label="Thickness"
          title="Grid line thickness"
          unit="px"
          step={0.1}
          min={0.1}
          max={20}
          value={warp.gridThickness}
          disabled={disabled}
          onCommit={(gridThickness) => update({ warp: { gridThickness } }, 'warp.gridThickness')}
        />
      </div>
    </Section>
  );
}
