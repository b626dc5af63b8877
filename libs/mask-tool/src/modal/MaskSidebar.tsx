// The modal's toolbar column: tools, path actions, brush size, background, view, history, help.
import type { ChangeEvent, ReactElement } from 'react';
import { useRef, useState } from 'react';
import type { BackgroundFitMode, MaskModel, MaskState, MaskTool } from '../index';
import {
  BACKGROUND_FIT_MODES,
  BACKGROUND_OPACITY_MAX,
  BACKGROUND_OPACITY_MIN,
  BACKGROUND_OPACITY_STEP,
  BRUSH_SIZE_MAX_PX,
  BRUSH_SIZE_MIN_PX,
  MASK_SHORTCUTS,
  MIN_POINTS_TO_CLOSE,
} from '../index';
import type { IconName } from './icons';
import { Icon } from './icons';

const TOOLS: readonly { tool: MaskTool; label: string; key: string; icon: IconName }[] = [
  { tool: 'pen', label: 'Pen', key: 'P', icon: 'pen' },
  { tool: 'brush', label: 'Brush', key: 'B', icon: 'brush' },
  { tool: 'eraser', label: 'Eraser', key: 'E', icon: 'eraser' },
];

const FIT_LABELS: Record<BackgroundFitMode, string> = { contain: 'Contain', cover: 'Cover', fill: 'Fill', none: 'None' };

export interface MaskSidebarProps {
  readonly model: MaskModel;
  readonly state: MaskState;
  readonly onClearAll: () => void;
  readonly onBackgroundFile: (file: File) => void;
}

/** The toolbar column of the mask modal. */
export function MaskSidebar({ model, state, onClearAll, onBackgroundFile }: MaskSidebarProps): ReactElement {
  const fileInput = useRef<HTMLInputElement>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const canClose = (state.currentPath?.points.length ?? 0) >= MIN_POINTS_TO_CLOSE;
  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = ''; // so picking the same file again fires change
    if (file) onBackgroundFile(file);
  };
  return (
    <aside className="bsm-side" aria-label="Mask tools">
      <section className="bsm-group">
        <h3 className="bsm-group-title">Tools</h3>
        <div className="bsm-row" role="toolbar" aria-label="Drawing tool">
          {TOOLS.map((t) => (
            <button
              key={t.tool}
              type="button"
              className="bsm-btn"
              aria-pressed={state.tool === t.tool}
              title={`${t.label} (${t.key})`}
              onClick={() => model.setTool(t.tool)}
            >
              <Icon name={t.icon} />
              {t.label}
            </button>
          ))}
        </div>
        <div className="bsm-row">
          <button type="button" className="bsm-btn" disabled={!canClose} title="Close Path (Enter)" onClick={() => model.closePath()}>
            <Icon name="close" />
            Close path
          </button>
          <button type="button" className="bsm-btn" disabled={!state.currentPath} title="New Path" onClick={() => model.newPath()}>
            <Icon name="newPath" />
            New path
          </button>
        </div>
        {state.tool === 'pen' && (
          <label className="bsm-check">
            <input type="checkbox" checked={state.fillEnabled} onChange={(e) => model.setFillEnabled(e.target.checked)} />
            Fill
          </label>
        )}
      </section>

      <section className="bsm-group">
        <label className="bsm-label" htmlFor="bsm-brush-size">
          <span>Brush size</span>
          <span>{state.brushSize} px</span>
        </label>
        <input
          id="bsm-brush-size"
          className="bsm-slider"
          type="range"
          min={BRUSH_SIZE_MIN_PX}
          max={BRUSH_SIZE_MAX_PX}
          step={1}
          value={state.brushSize}
          onChange={(e) => model.setBrushSize(Number(e.target.value))}
        />
        <div className="bsm-preview" aria-label={`Brush preview ${state.brushSize} px`} role="img">
          <div className="bsm-preview-dot" data-testid="brush-preview" style={{ width: state.brushSize, height: state.brushSize }} />
        </div>
      </section>

      <section className="bsm-group">
        <h3 className="bsm-group-title">Background</h3>
        <button type="button" className="bsm-btn" onClick={() => fileInput.current?.click()} title="Load a background image">
          <Icon name="image" />
          Load image
        </button>
        <input ref={fileInput} className="bsm-visually-hidden" type="file" accept="image/*" aria-label="Background image file" onChange={onFile} />
        <label className="bsm-label" htmlFor="bsm-bg-opacity">
          <span>Opacity</span>
          <span>{Math.round(state.backgroundOpacity * 100)}%</span>
        </label>
        <input
          id="bsm-bg-opacity"
          className="bsm-slider"
          type="range"
          min={BACKGROUND_OPACITY_MIN}
          max={BACKGROUND_OPACITY_MAX}
          step={BACKGROUND_OPACITY_STEP}
          value={state.backgroundOpacity}
          onChange={(e) => model.setBackgroundOpacity(Number(e.target.value))}
        />
        <label className="bsm-label" htmlFor="bsm-fit">
          <span>Fit</span>
        </label>
        <select
          id="bsm-fit"
          className="bsm-select"
          value={state.backgroundFitMode}
          onChange={(e) => model.setBackgroundFitMode(e.target.value as BackgroundFitMode)}
        >
          {BACKGROUND_FIT_MODES.map((m) => (
            <option key={m} value={m}>
              {FIT_LABELS[m]}
            </option>
          ))}
        </select>
      </section>

      <section className="bsm-group">
        <h3 className="bsm-group-title">View and history</h3>
        <div className="bsm-row">
          <button type="button" className="bsm-btn bsm-icon-only" title="Zoom in" aria-label="Zoom in" onClick={() => model.zoomIn()}>
            <Icon name="zoomIn" />
          </button>
          <button type="button" className="bsm-btn bsm-icon-only" title="Zoom out" aria-label="Zoom out" onClick={() => model.zoomOut()}>
            <Icon name="zoomOut" />
          </button>
          <button type="button" className="bsm-btn bsm-icon-only" title="Reset View (Ctrl+0)" aria-label="Reset view" onClick={() => model.resetView()}>
            <Icon name="reset" />
          </button>
          <button
            type="button"
            className="bsm-btn bsm-icon-only"
            title="Undo (Ctrl+Z)"
            aria-label="Undo"
            disabled={!state.canUndo}
            onClick={() => model.undo()}
          >
            <Icon name="undo" />
          </button>
          <button
            type="button"
            className="bsm-btn bsm-icon-only"
            title="Redo (Ctrl+Y)"
            aria-label="Redo"
            disabled={!state.canRedo}
            onClick={() => model.redo()}
          >
            <Icon name="redo" />
          </button>
        </div>
        <button type="button" className="bsm-btn bsm-danger" title="Clear All (Delete)" onClick={onClearAll}>
          <Icon name="clear" />
          Clear all
        </button>
      </section>

      <section className="bsm-group">
        <button type="button" className="bsm-btn" aria-expanded={helpOpen} onClick={() => setHelpOpen(!helpOpen)}>
          <Icon name="help" />
          Shortcuts
        </button>
        {helpOpen && (
          <div className="bsm-help" role="region" aria-label="Keyboard shortcuts">
            <table>
              <tbody>
                {MASK_SHORTCUTS.map((s) => (
                  <tr key={s.keys}>
                    <td>
                      <kbd>{s.keys}</kbd>
                    </td>
                    <td>{s.action}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </aside>
  );
}
