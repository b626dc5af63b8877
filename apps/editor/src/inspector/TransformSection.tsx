import { Section } from './fields';
import { NumberField } from './NumberField';
import type { LayerSectionProps } from './section-props';

/** Scale below this would collapse the layer (and lose its warp points' proportions). */
export const SCALE_LIMITS = { min: 0.01, max: 100 } as const;

/** Position, size, scale and rotation of a layer; moving or rotating carries its warp points (libs/layers updateLayer). */
export function TransformSection({ layer, update, disabled }: LayerSectionProps) {
  return (
    <Section title="Transform" testId="inspector-transform">
      <div className="inspector-grid">
        <NumberField label="X" title="X position" unit="px" value={layer.x} disabled={disabled} onCommit={(x) => update({ x }, 'x')} />
        <NumberField label="Y" title="Y position" unit="px" value={layer.y} disabled={disabled} onCommit={(y) => update({ y }, 'y')} />
        <NumberField label="W" title="Width" unit="px" min={1} value={layer.width} disabled={disabled} onCommit={(width) => update({ width }, 'width')} />
        <NumberField label="H" title="Height" unit="px" min={1} value={layer.height} disabled={disabled} onCommit={(height) => update({ height }, 'height')} />
        <NumberField
          label="SX"
          title="Scale X"
          step={0.01}
          {...SCALE_LIMITS}
          value={layer.scale.x}
          disabled={disabled}
          onCommit={(x) => update({ scale: { x } }, 'scale.x')}
        />
        <NumberField
          label="SY"
          title="Scale Y"
          step={0.01}
          {...SCALE_LIMITS}
          value={layer.scale.y}
          disabled={disabled}
          onCommit={(y) => update({ scale: { y } }, 'scale.y')}
        />
        <NumberField
          label="R"
          title="Rotation"
          unit="°"
          min={-3600}
          max={3600}
          value={layer.rotation}
          disabled={disabled}
          onCommit={(rotation) => update({ rotation }, 'rotation')}
        />
      </div>
    </Section>
  );
}
