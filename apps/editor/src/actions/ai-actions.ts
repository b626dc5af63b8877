import type { Action } from './action';
import { canEdit } from './context';
import type { EditorContext } from './context';

/** "Generate with AI" in the Add menu: opens the prompt (ai/AiGenerateDialog.tsx). */
export const aiActions: readonly Action<EditorContext>[] = [
  {
    id: 'add.ai',
    label: 'Generate with AI',
    group: 'add',
    icon: 'AI',
    keywords: ['ai', 'generate', 'prompt', 'llm', 'code', 'new', 'layer'],
    enabled: canEdit,
    perform: (ctx) => {
      ctx.store.aiDialogOpen = true;
    },
  },
];
