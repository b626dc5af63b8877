import type { Layer } from '@beamstage/layers';

const TYPE_GLYPH: Record<Layer['type'], string> = {
  image: '▦',
  video: '▶',
  url: '🌐',
  html: '</>',
  'fragment-shader': '✦',
  giphy: 'GIF',
  p5js: 'p5',
  mask: '◐',
  dom_mask: '◑',
  rtmp: '◉',
};

export interface LayerListProps {
  layers: readonly Layer[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  onToggleVisible: (id: string) => void;
  onRemove: (id: string) => void;
}

/** The layer stack, front first (the top row draws on top). */
export function LayerList({ layers, selectedId, onSelect, onToggleVisible, onRemove }: LayerListProps) {
  if (layers.length === 0) {
    return (
      <div className="layer-list layer-list--empty">
        <p>No layers yet.</p>
        <p className="hint">Add an image to start mapping.</p>
      </div>
    );
  }
  return (
    <ul className="layer-list" aria-label="Layers">
      {layers.map((layer) => (
        <li key={layer.id} className={layer.id === selectedId ? 'layer-row layer-row--selected' : 'layer-row'} data-layer-id={layer.id}>
          <button type="button" className="layer-row__main" onClick={() => onSelect(layer.id)} aria-pressed={layer.id === selectedId}>
            <span className="layer-row__glyph" aria-hidden="true">
              {TYPE_GLYPH[layer.type]}
            </span>
            <span className="layer-row__name">{layer.name}</span>
          </button>
          <button type="button" className="layer-row__icon" title={layer.visible ? 'Hide' : 'Show'} aria-label={layer.visible ? `Hide ${layer.name}` : `Show ${layer.name}`} onClick={() => onToggleVisible(layer.id)}>
            {layer.visible ? '◉' : '○'}
          </button>
          <button type="button" className="layer-row__icon" title="Delete" aria-label={`Delete ${layer.name}`} onClick={() => onRemove(layer.id)}>
            ✕
          </button>
        </li>
      ))}
    </ul>
  );
}
