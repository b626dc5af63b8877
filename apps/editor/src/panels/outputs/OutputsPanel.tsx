import type { OutputOp } from '@beamstage/sync';
import { useState } from 'react';
import type { EditorContext } from '../../actions/context';
import type { OutputView } from './outputs-model';
import { parseFadeSeconds } from './outputs-model';
import { sendOutputCommand } from './outputs-link';
import { OutputsView } from './OutputsView';
import { CalibrationSection } from './CalibrationSection';
import { DisplayChooser } from './DisplayChooser';
import './outputs.css';

export interface OutputsPanelProps {
  ctx: EditorContext;
  /** Snapshot values (the panel re-renders when they change). */
  outputs: readonly OutputView[];
  disabled: boolean;
}

/** The outputs panel: the projectors of this project, live, and what the venue controls on them. */
export function OutputsPanel({ ctx, outputs, disabled }: OutputsPanelProps) {
  const [fadeText, setFadeText] = useState(() => String(ctx.store.outputFadeMs / 1000));
  const fadeMs = parseFadeSeconds(fadeText);
  return (
    <>
      <div className="outputs__open">
        <DisplayChooser projectId={ctx.projectId} />
      </div>
      <CalibrationSection ctx={ctx} />
      <OutputsView
        outputs={outputs}
        disabled={disabled}
        fadeText={fadeText}
        fadeMs={fadeMs}
        fadeError={fadeMs === null ? 'A fade lasts 0 to 60 seconds' : null}
        onFadeText={(text) => {
          setFadeText(text);
          const ms = parseFadeSeconds(text);
          if (ms !== null) ctx.store.outputFadeMs = ms;
        }}
        onCommand={(op: OutputOp, target: string) => {
          if (!sendOutputCommand(ctx.store, op, target)) ctx.toast('Output commands need the live connection', 'error');
        }}
      />
    </>
  );
}
