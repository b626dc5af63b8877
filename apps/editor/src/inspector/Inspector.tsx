import type { Layer } from '@beamstage/layers';

export interface InspectorProps {
  layer: Layer | null;
  onMove: (x: number, y: number) => void;
  onOpacity: (opacity: number) => void;
  onRename: (name: string) => void;
}

function NumberField({ label, value, step = 1, min, max, onCommit }: { label: string; value: number; step?: number; min?: number; max?: number; onCommit: (v: number) => void }) {
  return (
    <label className="bs-field inspector__field">
      <span>{label}</span>
      <input
        type="number"
        value={Number(value.toFixed(2))}
        step={step}
        min={min}
        max={max}
        onChange={(event) => {
          const v = event.target.valueAsNumber;
          if (Number.isFinite(v)) onCommit(v);
        }}
      />
    </label>
  );
}

/** Name, position (output pixels) and opacity of the selected layer. */
export function Inspector({ layer, onMove, onOpacity, onRename }: InspectorProps) {
  if (!layer) {
    return (
      <div className="inspector inspector--empty">
        <p>Select a layer to edit its position and opacity.</p>
      </div>
    );
  }
  return (
    <div className="inspector">
      <h3>{layer.name}</h3>
      <p className="inspector__type">{layer.type}</p>
      <label className="bs-field inspector__field">
        <span>Name</span>
        <input type="text" value={layer.name} maxLength={200} onChange={(event) => onRename(event.target.value)} />
      </label>
      <div className="inspector__grid">
        <NumberField label="X" value={layer.x} onCommit={(x) => onMove(x, layer.y)} />
        <NumberField label="Y" value={layer.y} onCommit={(y) => onMove(layer.x, y)} />
      </div>
      <NumberField label="Opacity" value={layer.opacity} step={0.05} min={0} max={1} onCommit={(v) => onOpacity(Math.min(1, Math.max(0, v)))} />
      <p className="inspector__size">
        {layer.width} × {layer.height} px · {layer.warp.enabled ? 'corner warp on' : 'no warp'}
      </p>
    </div>
  );
}
