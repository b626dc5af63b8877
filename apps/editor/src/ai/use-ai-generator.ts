import { useEffect, useMemo, useState } from 'react';
import type { EditorContext } from '../actions/context';
import type { ApiClient } from '../api/client';
import { AiAnswerError, fetchAiUsage, generateCode } from './ai-api';
import type { AiAnswer } from './ai-api';
import { aiEdit } from './ai-layer';
import type { AiTarget } from './ai-layer';
import { createAiGenerator, INITIAL_AI_VIEW } from './ai-generator';
import type { AiGenerator, AiView } from './ai-generator';

/** Applies a generation through the one write path; the new layer is selected and its code opened. */
export function applyAiAnswer(ctx: EditorContext, answer: AiAnswer, target: AiTarget): string {
  const project = ctx.store.project;
  if (!project) throw new AiAnswerError('The project is not open: nothing was added');
  const result = aiEdit(project, answer, target, ctx.now());
  if ('error' in result) throw new AiAnswerError(result.error);
  ctx.live.edit(result.edit);
  if (target.mode === 'new') {
    ctx.live.select(result.layerId);
    ctx.store.codeLayerId = result.layerId;
    return `Added "${answer.name}"`;
  }
  // The editor shows the stored code again, not a draft typed before.
  delete ctx.store.codeDrafts[result.layerId];
  ctx.store.codeErrors = [];
  return 'Replaced the code with the generated one';
}

/** The generator of one prompt box, wired to the api and the editor; usage is fetched on mount. */
export function useAiGenerator(ctx: EditorContext, api: Pick<ApiClient, 'request'>): { view: AiView; generator: AiGenerator } {
  const [view, setView] = useState(INITIAL_AI_VIEW);
  const generator = useMemo(
    () =>
      createAiGenerator({
        generate: (prompt, type) => generateCode(api, prompt, type),
        usage: () => fetchAiUsage(api),
        apply: (answer, target) => applyAiAnswer(ctx, answer, target),
        onChange: setView,
      }),
    [api, ctx],
  );
  useEffect(() => {
    void generator.refreshUsage();
    return () => generator.dispose();
  }, [generator]);
  return { view, generator };
}
