import type { Action } from './action';
import { addActions } from './add-actions';
import { aiActions } from './ai-actions';
import { codeActions } from './code-actions';
import type { EditorContext } from './context';
import { editActions } from './edit-actions';
import { fileActions } from './file-actions';
import { maskActions } from '../mask/mask-actions';
import { gifActions } from './gif-actions';
import { layerActions } from './layer-actions';
import { layerOrderActions } from './layer-order-actions';
import { outputActions } from './output-actions';
import { calibrationActions } from './calibration-actions';
import { timelineActions } from './timeline-actions';
import { createActionRegistry } from './registry';
import { shareActions } from './share-actions';
import type { ActionRegistry } from './registry';
import { stageActions } from './stage-actions';
import { stageLayerActions } from './stage-layer-actions';
import { viewActions } from './view-actions';
import { gateForViewers } from './view-only';

/**
 * Every action of the editor, in the order menus and the `?` panel list them. A new area adds its
 * own `<area>-actions.ts` beside these and one entry here. Each passes the view-only gate here, once.
 */
export const EDITOR_ACTIONS: readonly Action<EditorContext>[] = [
  ...editActions,
  ...layerActions,
  ...layerOrderActions,
  ...addActions,
  ...viewActions,
  ...stageActions,
  ...stageLayerActions,
  ...codeActions,
  ...fileActions,
  ...maskActions,
  ...timelineActions,
  ...outputActions,
  ...calibrationActions,
  ...aiActions,
  ...gifActions,
  ...shareActions,
].map(gateForViewers);

/** The registry built once per page load (the table is static; the context changes). */
export const editorRegistry: ActionRegistry<EditorContext> = createActionRegistry(EDITOR_ACTIONS);
