import type { Layer, LayerType } from '@beamstage/layers';
import { useEffect, useRef, useState } from 'react';
import type { MouseEvent, PointerEvent } from 'react';
import { LAYER_TYPE_ICONS, LAYER_TYPE_LABELS } from '../../actions/add-actions';
import { EyeIcon, LockIcon } from './icons';

/** A few words on a row for each kind of stage issue; the tooltip has the whole message. */
const ISSUE_LABELS: Readonly<Record<string, string>> = {
  error: 'Failed to load',
  timeout: 'Load timed out',
  hung: 'Not responding',
  refused: 'Refused',
  quarantined: 'Paused after a crash',
};

/** Types whose thumbnail is their own picture (the rest show their type icon). */
const PICTURE_TYPES: ReadonlySet<LayerType> = new Set(['image', 'giphy', 'mask', 'dom_mask']);

/** The picture a row shows: the layer's own image scaled down, else null (the icon stands in). */
export function thumbnailSrc(layer: Layer): string | null {
  if (!PICTURE_TYPES.has(layer.type)) return null;
  const src = (layer.content as { src?: unknown }).src;
  return typeof src === 'string' && src !== '' ? src : null;
}

export interface LayerRowProps {
  layer: Layer;
  /** 1-based place in the whole list and its length (only the rows in view are rendered). */
  position?: number;
  setSize?: number;
  selected: boolean;
  primary: boolean;
  renaming: boolean;
  /** Part of the rows being dragged (shown dimmed). */
  dragging: boolean;
  /** What the stage reported wrong with this layer: a badge with the reason. */
  issue?: { readonly kind: string; readonly message: string; readonly detail?: string } | undefined;
  onPointerDown(event: PointerEvent<HTMLLIElement>, id: string): void;
  onClick(event: MouseEvent, id: string): void;
  onContextMenu(event: MouseEvent, id: string): void;
  onToggleVisible(id: string): void;
  onToggleLock(id: string): void;
  onRenameStart(id: string): void;
  /** Enter or leaving the field commits (null: Esc, nothing changes). */
  onRenameEnd(id: string, name: string | null): void;
  /** Set when the project is view-only: lock and visibility are disabled with this reason. */
  readOnlyTitle?: string | null;
}

/** One layer in the panel: thumbnail, type icon, name (double-click renames), lock and visibility. */
export function LayerRow(props: LayerRowProps) {
  const { layer, selected, primary, renaming, dragging } = props;
  const src = thumbnailSrc(layer);
  // A picture that cannot load (blocked, gone) falls back to the type icon, not a broken image.
  const [failed, setFailed] = useState<string | null>(null);
  const thumb = src !== failed ? src : null;
  const className = [
    'layer-row',
    selected && 'layer-row--selected',
    primary && 'layer-row--primary',
    dragging && 'layer-row--dragging',
    !layer.visible && 'layer-row--hidden',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <li
      className={className}
      data-layer-id={layer.id}
      data-layer-type={layer.type}
      aria-selected={selected}
      aria-posinset={props.position}
      aria-setsize={props.setSize}
      role="option"
      onPointerDown={(e) => props.onPointerDown(e, layer.id)}
      onClick={(e) => props.onClick(e, layer.id)}
      onContextMenu={(e) => props.onContextMenu(e, layer.id)}
    >
      <span className="layer-row__thumb" title={LAYER_TYPE_LABELS[layer.type]}>
        {thumb ? (
          <img src={thumb} alt="" draggable={false} loading="lazy" onError={() => setFailed(thumb)} />
        ) : (
          <span aria-hidden="true">{LAYER_TYPE_ICONS[layer.type]}</span>
        )}
      </span>
      <span className="layer-row__text layer-row__main">
        {renaming ? (
          <RenameField name={layer.name} onEnd={(name) => props.onRenameEnd(layer.id, name)} />
        ) : (
          <span className="layer-row__name" onDoubleClick={() => props.onRenameStart(layer.id)} title="Double-click to rename">
            {layer.name}
          </span>
        )}
        <span className="layer-row__type">
          {props.issue ? (
            <span
              className={`layer-row__issue layer-row__issue--${props.issue.kind}`}
              role="status"
              data-testid="layer-issue"
              title={props.issue.detail ? `${props.issue.message}: ${props.issue.detail}` : props.issue.message}
            >
              ⚠ {ISSUE_LABELS[props.issue.kind] ?? 'Problem'}
            </span>
          ) : null}
          <span aria-hidden="true">{LAYER_TYPE_ICONS[layer.type]}</span> {LAYER_TYPE_LABELS[layer.type]}
        </span>
      </span>
      <button
        type="button"
        className={layer.locked ? 'layer-row__icon layer-row__icon--on' : 'layer-row__icon'}
        aria-pressed={layer.locked}
        aria-label={layer.locked ? `Unlock ${layer.name}` : `Lock ${layer.name}`}
        title={props.readOnlyTitle ?? (layer.locked ? 'Unlock' : 'Lock')}
        disabled={!!props.readOnlyTitle}
        onPointerDown={(e) => e.stopPropagation()}
        onClick={(e) => (e.stopPropagation(), props.onToggleLock(layer.id))}
      >
        <LockIcon open={!layer.locked} />
      </button>
      <button
        type="button"
        className={layer.visible ? 'layer-row__icon' : 'layer-row__icon layer-row__icon--off'}
        aria-pressed={!layer.visible}
        aria-label={layer.visible ? `Hide ${layer.name}` : `Show ${layer.name}`}
        title={props.readOnlyTitle ?? (layer.visible ? 'Hide' : 'Show')}
        disabled={!!props.readOnlyTitle}
        onPointerDown={(e) => e.stopPropagation()}
        onClick={(e) => (e.stopPropagation(), props.onToggleVisible(layer.id))}
      >
        <EyeIcon off={!layer.visible} />
      </button>
    </li>
  );
}

/** The name field: Enter commits, Esc reverts, leaving commits; an empty name is refused (reverts). */
function RenameField({ name, onEnd }: { name: string; onEnd: (name: string | null) => void }) {
  const [value, setValue] = useState(name);
  const ref = useRef<HTMLInputElement>(null);
  const ended = useRef(false);
  useEffect(() => {
    ref.current?.focus();
    ref.current?.select();
  }, []);
  const end = (commit: boolean) => {
    if (ended.current) return;
    ended.current = true;
    const trimmed = value.trim();
    onEnd(commit && trimmed !== '' && trimmed !== name ? trimmed : null);
  };
  return (
    <input
      ref={ref}
      className="layer-row__rename"
      aria-label="Layer name"
      value={value}
      maxLength={200}
      onChange={(e) => setValue(e.target.value)}
      onPointerDown={(e) => e.stopPropagation()}
      onClick={(e) => e.stopPropagation()}
      onKeyDown={(e) => {
        if (e.key === 'Enter') end(true);
        else if (e.key === 'Escape') {
          e.stopPropagation();
          end(false);
        }
      }}
      onBlur={() => end(true)}
    />
  );
}
