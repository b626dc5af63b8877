import type { Layer } from '@beamstage/layers';
import { useState } from 'react';
import type { EditorContext } from '../actions/context';
import type { ApiClient } from '../api/client';
import { aiTypeOfLayer } from './ai-layer';
import { AiPromptForm } from './AiPromptForm';
import { useAiGenerator } from './use-ai-generator';

/** The code editor's prompt row: generates code of the open layer's kind, into it or into a new layer. */
export function AiCodePrompt({ ctx, api, layer, readOnly }: { ctx: EditorContext; api: Pick<ApiClient, 'request'>; layer: Layer; readOnly?: boolean }) {
  const { view, generator } = useAiGenerator(ctx, api);
  const [prompt, setPrompt] = useState('');
  const [replace, setReplace] = useState(true);
  const type = aiTypeOfLayer(layer);
  if (!type) return null;
  return (
    <AiPromptForm
      compact
      view={view}
      prompt={prompt}
      onPrompt={setPrompt}
      type={type}
      types={[type]}
      replace={replace}
      onReplace={setReplace}
      disabled={readOnly}
      onGenerate={() => void generator.generate(prompt, type, replace ? { mode: 'replace', layerId: layer.id } : { mode: 'new' })}
    />
  );
}
