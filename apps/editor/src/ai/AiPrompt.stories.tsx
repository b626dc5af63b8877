import { createLayer } from '@beamstage/layers';
import { useState } from 'react';
import { CodePanel } from '../code/CodePanel';
import { AI_NOT_CONFIGURED } from './ai-api';
import type { AiView } from './ai-generator';
import { AiGenerateDialogView } from './AiGenerateDialog';
import { AiPromptForm } from './AiPromptForm';

/** The Add menu's dialog, or the code editor's row, showing a given state. */
function Harness({ view, inCodeEditor }: { view: AiView; inCodeEditor?: boolean }) {
  const [prompt, setPrompt] = useState(view.status === 'busy' ? 'slow purple plasma waves' : '');
  const [replace, setReplace] = useState(true);
  if (!inCodeEditor) return <AiGenerateDialogView view={view} initialPrompt={prompt} onGenerate={() => undefined} onClose={() => undefined} />;
  return (
    <div style={{ height: 520 }}>
      <CodePanel
        layer={createLayer('fragment-shader', { name: 'Plasma' })}
        draft={null}
        errors={[]}
        runShortcut="Ctrl+Enter"
        onDraft={() => undefined}
        onRun={() => undefined}
        onClose={() => undefined}
        promptRow={
          <AiPromptForm
            compact
            view={view}
            prompt={prompt}
            onPrompt={setPrompt}
            type="shader"
            types={['shader']}
            replace={replace}
            onReplace={setReplace}
            onGenerate={() => undefined}
          />
        }
      />
    </div>
  );
}

export default { title: 'Editor/AI prompt', component: Harness };

const usage = { usedToday: 2, dailyLimit: 5, remaining: 3 };
export const Idle = { args: { view: { status: 'idle', usage, error: null, done: null } } };
export const Busy = { args: { view: { status: 'busy', usage, error: null, done: null } } };
export const QuotaReached = {
  args: { view: { status: 'error', usage: { usedToday: 5, dailyLimit: 5, remaining: 0 }, error: 'Daily AI generation limit reached', done: null } },
};
export const NotConfigured = { args: { view: { status: 'not-configured', usage: null, error: AI_NOT_CONFIGURED, done: null } } };
export const InCodeEditor = { args: { inCodeEditor: true, view: { status: 'idle', usage, error: null, done: null } } };
export const InCodeEditorQuotaReached = {
  args: {
    inCodeEditor: true,
    view: { status: 'error', usage: { usedToday: 5, dailyLimit: 5, remaining: 0 }, error: 'Daily AI generation limit reached', done: null },
  },
};
