import type { Layer } from '@beamstage/layers';
import { lazy, Suspense } from 'react';
import type { CSSProperties, ReactNode } from 'react';
import { codeSourceOf, draftDiffers } from './code-source';
import './code-panel.css';

// CodeMirror and its languages are a separate chunk, fetched the first time the panel opens.
const CodeMirrorView = lazy(() => import('./CodeMirrorView'));

export interface CodePanelProps {
  layer: Layer;
  /** Unsaved text for this layer, or null when it shows the stored code. */
  draft: string | null;
  errors: readonly { line: number | null; message: string }[];
  readOnly?: boolean;
  /** Shortcut text for Run as this platform writes it ('Ctrl+Enter'). */
  runShortcut: string;
  onDraft: (text: string) => void;
  onRun: () => void;
  onClose: () => void;
  /** Where the stage starts and ends on screen (px from the window's left and right edges): the panel stays over the stage, clear of the docks. */
  stageInsetPx?: { left: number; right: number };
  /** A row under the bar (the AI prompt, ai/AiCodePrompt.tsx), given by the page. */
  promptRow?: ReactNode;
}

/**
 * The code editor (design.md section 8, code/): the layer's GLSL, HTML or p5.js in CodeMirror,
 * with an explicit Run that commits it to the document and compile errors on their lines.
 */
export function CodePanel({ layer, draft, errors, readOnly, runShortcut, onDraft, onRun, onClose, stageInsetPx, promptRow }: CodePanelProps) {
  const source = codeSourceOf(layer);
  if (!source) return null;
  const dirty = draftDiffers(layer, draft);
  const inset = { '--code-left': `${stageInsetPx?.left ?? 0}px`, '--code-right': `${stageInsetPx?.right ?? 0}px` } as CSSProperties;
  return (
    <section className="code-panel" style={inset} role="dialog" aria-label={`Code of ${layer.name}`} data-testid="code-panel">
      <header className="code-panel__bar">
        <div className="code-panel__title">
          <strong>{layer.name}</strong>
          <span className="code-panel__lang">{source.label}</span>
          {dirty ? (
            <span className="code-panel__dirty" title="The code differs from what the projector runs" data-testid="code-dirty">
              ● Not run yet
            </span>
          ) : null}
        </div>
        <div className="code-panel__actions">
          <button
            type="button"
            className="bs-btn bs-btn--primary bs-btn--sm"
            disabled={readOnly}
            onClick={onRun}
            title={`Run: commit this code to the project (${runShortcut})`}
          >
            ▶ Run
          </button>
          <button type="button" className="bs-btn bs-btn--ghost bs-btn--sm" onClick={onClose} title="Close (Esc); unsaved code is kept">
            Close
          </button>
        </div>
      </header>
      {promptRow}
      <Suspense fallback={<div className="code-panel__editor code-panel__loading">Loading the code editor…</div>}>
        <CodeMirrorView
          docKey={layer.id}
          language={source.language}
          text={draft ?? source.text}
          errors={errors}
          readOnly={readOnly}
          onChange={onDraft}
          onRun={onRun}
          onClose={onClose}
        />
      </Suspense>
      {errors.length > 0 ? (
        <ul className="code-panel__errors" role="alert" data-testid="code-errors">
          {errors.map((e, i) => (
            <li key={i}>
              {e.line !== null ? <span className="code-panel__line">Line {e.line}</span> : null} {e.message}
            </li>
          ))}
        </ul>
      ) : (
        <p className="code-panel__hint">
          {source.language === 'glsl' ? '`time` and `resolution` are set for you. ' : ''}
          {runShortcut} runs the code on the stage and the projector.
        </p>
      )}
    </section>
  );
}
