import type { FormEvent } from 'react';
import { AI_CODE_TYPE_LABELS, AI_PROMPT_MAX_CHARS } from './ai-api';
import type { AiCodeType } from './ai-api';
import { usageText } from './ai-generator';
import type { AiView } from './ai-generator';
import './ai.css';

export interface AiPromptFormProps {
  view: AiView;
  prompt: string;
  onPrompt(prompt: string): void;
  type: AiCodeType;
  /** Offered kinds of code; with one, no choice is shown. */
  types: readonly AiCodeType[];
  onType?: (type: AiCodeType) => void;
  /** With a layer open: whether the answer replaces its code (true) or becomes a new layer. */
  replace?: boolean;
  onReplace?: (replace: boolean) => void;
  onGenerate(): void;
  /** The code editor's one-row variant. */
  compact?: boolean;
  disabled?: boolean;
}

/** A prompt, the kind of code, where the result goes, today's quota and what the api said. */
export function AiPromptForm({ view, prompt, onPrompt, type, types, onType, replace, onReplace, onGenerate, compact, disabled }: AiPromptFormProps) {
  const busy = view.status === 'busy';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onGenerate();
  };
  return (
    <form className={`ai-prompt${compact ? ' ai-prompt--compact' : ''}`} onSubmit={submit} data-testid="ai-prompt" data-status={view.status} aria-busy={busy}>
      <textarea
        aria-label="Describe the code to generate"
        placeholder={
          type === 'shader'
            ? 'Describe a shader: slow purple plasma waves…'
            : type === 'p5js'
              ? 'Describe a sketch: particles drifting upwards…'
              : 'Describe a page: a countdown in big neon digits…'
        }
        value={prompt}
        maxLength={AI_PROMPT_MAX_CHARS}
        disabled={disabled || busy}
        onChange={(e) => onPrompt(e.target.value)}
        onKeyDown={(e) => {
          // Ctrl/Cmd+Enter sends the prompt (and is not the code editor's Run here).
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            e.stopPropagation();
            onGenerate();
          }
        }}
      />
      <div className="ai-prompt__row">
        {types.length > 1 && onType ? (
          <label>
            Kind
            <select value={type} disabled={busy} onChange={(e) => onType(e.target.value as AiCodeType)}>
              {types.map((t) => (
                <option key={t} value={t}>
                  {AI_CODE_TYPE_LABELS[t]}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        {onReplace ? (
          <>
            <label>
              <input type="radio" name="ai-target" checked={!replace} disabled={busy} onChange={() => onReplace(false)} /> New layer
            </label>
            <label>
              <input type="radio" name="ai-target" checked={!!replace} disabled={busy} onChange={() => onReplace(true)} /> Replace this code
            </label>
          </>
        ) : null}
        <span className="ai-prompt__spacer" />
        <span className="ai-prompt__usage" data-testid="ai-usage">
          {usageText(view.usage)}
        </span>
        <button type="submit" className="bs-btn bs-btn--primary bs-btn--sm" disabled={disabled || busy || !prompt.trim() || view.status === 'not-configured'}>
          {busy ? 'Generating…' : 'Generate'}
        </button>
      </div>
      {view.error ? (
        <p className="ai-prompt__error" role="alert" data-testid="ai-error">
          {view.error}
        </p>
      ) : view.done ? (
        <p className="ai-prompt__done" role="status">
          {view.done}
        </p>
      ) : null}
    </form>
  );
}
