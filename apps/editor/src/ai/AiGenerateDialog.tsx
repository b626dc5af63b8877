import { useState } from 'react';
import type { EditorContext } from '../actions/context';
import type { ApiClient } from '../api/client';
import { AI_CODE_TYPES } from './ai-api';
import type { AiCodeType } from './ai-api';
import type { AiView } from './ai-generator';
import { AiPromptForm } from './AiPromptForm';
import { useAiGenerator } from './use-ai-generator';
import './ai.css';

export interface AiGenerateDialogViewProps {
  view: AiView;
  onGenerate(prompt: string, type: AiCodeType): void;
  onClose(): void;
  /** Stories: the prompt already typed. */
  initialPrompt?: string;
}

/** "Generate with AI" from the Add menu: a prompt and the kind of code; the answer becomes a new layer. */
export function AiGenerateDialogView({ view, onGenerate, onClose, initialPrompt = '' }: AiGenerateDialogViewProps) {
  const [prompt, setPrompt] = useState(initialPrompt);
  const [type, setType] = useState<AiCodeType>('shader');
  return (
    <div className="overlay-backdrop" onPointerDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        className="bs-dialog"
        role="dialog"
        aria-modal="true"
        aria-label="Generate with AI"
        data-testid="ai-dialog"
        onKeyDown={(e) => {
          e.stopPropagation();
          if (e.key === 'Escape') onClose();
        }}
      >
        <div className="bs-dialog__head">
          <h2>Generate with AI</h2>
          <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
            ×
          </button>
        </div>
        <AiPromptForm
          view={view}
          prompt={prompt}
          onPrompt={setPrompt}
          type={type}
          types={AI_CODE_TYPES}
          onType={setType}
          onGenerate={() => onGenerate(prompt, type)}
        />
      </div>
    </div>
  );
}

/** The dialog wired to the api: on success the new layer is added, selected and its code opened, and the dialog closes. */
export function AiGenerateDialog({ ctx, api }: { ctx: EditorContext; api: Pick<ApiClient, 'request'> }) {
  const { view, generator } = useAiGenerator(ctx, api);
  const close = () => (ctx.store.aiDialogOpen = false);
  return (
    <AiGenerateDialogView
      view={view}
      onClose={close}
      onGenerate={(prompt, type) =>
        void generator.generate(prompt, type, { mode: 'new' }).then(() => {
          if (generator.view().status === 'idle') close();
        })
      }
    />
  );
}
