export { layerToRenderItem, projectToRenderDescription } from './describe';
export type { StageProject } from './describe';
export { createStageView } from './stage-view';
export type { Rgba, StageView, StageViewOptions } from './stage-view';
export { installStageTestHook } from './test-hook';
export type { StageTestHook } from './test-hook';
