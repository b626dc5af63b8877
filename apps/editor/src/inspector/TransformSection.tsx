import { Section } from './fields';
import { LiveNumberField } from './live-layer';
import type { LayerSectionProps } from './section-props';

/** Scale below this would collapse the layer (and lose its warp points' proportions). */
export const SCALE_LIMITS = { min: 0.01, max: 100 } as const;

/**
 * Position, size, scale and rotation of a layer; moving or rotating carries its warp points (libs/layers updateLayer).
 * Each number follows the layer as drawn by itself (./live-layer.tsx): a drag re-renders only what it moves.
 */
export function TransformSection({ layer, update, disabled }: LayerSectionProps) {
  return (
    <Section title="Transform" testId="inspector-transform">
      <div className="inspector-grid">
        <LiveNumberField layer={layer} label="X" title="X position" unit="px" read={(l) => l.x} disabled={disabled} onCommit={(x) => update({ x }, 'x')} />
        <LiveNumberField layer={layer} label="Y" title="Y position" unit="px" read={(l) => l.y} disabled={disabled} onCommit={(y) => update({ y }, 'y')} />
        <LiveNumberField
          layer={layer}
          label="W"
          title="Width"
          unit="px"
          min={1}
          read={(l) => l.width}
          disabled={disabled}
          onCommit={(width) => update({ width }, 'width')}
        />
        <LiveNumberField
          layer={layer}
          label="H"
          title="Height"
          unit="px"
          min={1}
          read={(l) => l.height}
          disabled={disabled}
          onCommit={(height) => update({ height }, 'height')}
        />
        <LiveNumberField
          layer={layer}
          label="SX"
          title="Scale X"
          step={0.01}
          {...SCALE_LIMITS}
          read={(l) => l.scale.x}
          disabled={disabled}
          onCommit={(x) => update({ scale: { x } }, 'scale.x')}
        />
        <LiveNumberField
          layer={layer}
          label="SY"
          title="Scale Y"
          step={0.01}
          {...SCALE_LIMITS}
          read={(l) => l.scale.y}
          disabled={disabled}
          onCommit={(y) => update({ scale: { y } }, 'scale.y')}
        />
        <LiveNumberField
          layer={layer}
          label="R"
          title="Rotation"
          unit="°"
          min={-3600}
          max={3600}
          read={(l) => l.rotation}
          disabled={disabled}
          onCommit={(rotation) => update({ rotation }, 'rotation')}
        />
      </div>
    </Section>
  );
}
