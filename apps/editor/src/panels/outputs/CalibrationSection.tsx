import type { Point } from '@beamstage/layers';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import type { EditorContext } from '../../actions/context';
import { editorRegistry } from '../../actions/editor-actions';
import { ActionButton } from '../../workspace/ActionButton';
import { cornerEdit, CORNER_LABELS } from './calibration-model';

export interface CalibrationSectionProps {
  ctx: EditorContext;
}

function CornerField({ value, label, onCommit, disabled }: { value: number; label: string; disabled: boolean; onCommit(v: number): void }) {
  const [text, setText] = useState<string | null>(null);
  const commit = () => {
    if (text === null) return;
    const v = Number(text.trim());
    if (text.trim() !== '' && Number.isFinite(v)) onCommit(v);
    setText(null);
  };
  return (
    <input
      className="outputs__coord"
      aria-label={label}
      inputMode="decimal"
      disabled={disabled}
      value={text ?? String(value)}
      onChange={(e) => setText(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
        if (e.key === 'Escape') setText(null);
      }}
    />
  );
}

/**
 * Projector-level calibration: the project's output warp, a corner pin over the whole
 * output that every projector applies. Calibration mode puts its handles on the stage (arrows nudge
 * the picked corner: 1 px, Shift 10 px, Alt 0.1 px); corners can be typed in output pixels; the
 * nudge-all buttons move every layer together when the projector got bumped.
 */
export function CalibrationSection({ ctx }: CalibrationSectionProps) {
  const snap = useSnapshot(ctx.store);
  const points = (snap.project?.warpPoints ?? []) as readonly Point[];
  const disabled = snap.viewOnly || !snap.project;
  const a = (id: string) => editorRegistry.get(id);
  return (
    <div className="outputs__calibration" role="group" aria-label="Output calibration" data-testid="output-calibration">
      <div className="outputs__row">
        <ActionButton action={a('output.calibrate')} ctx={ctx} className={`bs-btn bs-btn--sm ${snap.calibrating ? 'bs-btn--primary' : 'bs-btn--secondary'}`}>
          {snap.calibrating ? 'Done calibrating' : 'Calibrate output warp'}
        </ActionButton>
        <ActionButton action={a('output.reset-warp')} ctx={ctx} className="bs-btn bs-btn--ghost bs-btn--sm" withLabel />
      </div>
      {snap.calibrating ? (
        <p className="outputs__hint">
          Drag a yellow corner on the stage, or drag inside to move all four. Arrows nudge the picked corner, or all four when none is picked (Shift 10 px, Alt
          0.1 px).
        </p>
      ) : null}
      <table className="outputs__corners">
        <tbody>
          {points.map((p, i) => (
            <tr key={i} className={snap.calibrating && snap.calibrationCorner === i ? 'outputs__corner--picked' : undefined}>
              <th scope="row">
                <button
                  type="button"
                  className="outputs__pick"
                  disabled={disabled || !snap.calibrating}
                  onClick={() => (ctx.store.calibrationCorner = snap.calibrationCorner === i ? null : i)}
                >
                  {CORNER_LABELS[i]}
                </button>
              </th>
              <td>
                <CornerField
                  value={p.x}
                  label={`Output corner ${i + 1} x`}
                  disabled={disabled}
                  onCommit={(v) => commitCorner(ctx, points, i, { x: v, y: p.y })}
                />
              </td>
              <td>
                <CornerField
                  value={p.y}
                  label={`Output corner ${i + 1} y`}
                  disabled={disabled}
                  onCommit={(v) => commitCorner(ctx, points, i, { x: p.x, y: v })}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="outputs__row" role="group" aria-label="Nudge all layers">
        <span className="outputs__nudge-label">Nudge all layers</span>
        {['left', 'up', 'down', 'right'].map((dir) => (
          <ActionButton key={dir} action={a(`output.nudge-all-${dir}`)} ctx={ctx} className="bs-btn bs-btn--ghost bs-btn--sm" />
        ))}
      </div>
    </div>
  );
}

function commitCorner(ctx: EditorContext, points: readonly Point[], index: number, to: Point): void {
  const edit = cornerEdit(points, index, to);
  if (edit.ok) ctx.live.edit(edit.edit);
  else ctx.toast(edit.message, 'error');
}
