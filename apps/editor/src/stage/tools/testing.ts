import { applyDragOverrides } from '@beamstage/stage';
import type { Point, ProjectJson } from '@beamstage/layers';
import type { DragValues } from '@beamstage/sync';
import { applyToJson, operationFor } from '../../live/project-edits';
import type { ProjectEdit } from '../../live/project-edits';
import type { StageHost } from './tool';
import { fitViewport } from './viewport';
import type { Size, Viewport } from './viewport';

/** A StageHost over a plain project: edits run through the same libs/layers operations as the app. */
export interface TestStageHost extends StageHost {
  /** The document (without drags in progress). */
  document: ProjectJson;
  /** The viewport set by the tools; null is "fit". */
  view: Viewport | null;
  selected: string | null;
  drag: { target: string; values: DragValues } | null;
  meshPreview: { layerId: string; points: Point[] } | null;
  /** Every live frame sent, every edit committed, in order. */
  frames: { target: string; values: DragValues }[];
  edits: ProjectEdit[];
  readOnly: boolean;
}

export function createTestStageHost(
  project: ProjectJson,
  box: Size = { width: 1000, height: 800 },
  view: Viewport | null = { zoom: 1, x: 0, y: 0 },
): TestStageHost {
  const host: TestStageHost = {
    document: project,
    view,
    selected: null,
    drag: null,
    meshPreview: null,
    frames: [],
    edits: [],
    readOnly: false,
    project: () => (host.drag ? applyDragOverrides(host.document, [[host.drag.target, host.drag.values]]) : host.document),
    selectedId: () => host.selected,
    select: (id) => {
      host.selected = id;
    },
    canEdit: () => !host.readOnly,
    box: () => box,
    viewport: () => host.view ?? fitViewport(box, host.document.canvas),
    setViewport: (v) => {
      host.view = v;
    },
    dragMove: (target, values) => {
      host.drag = { target, values };
      host.frames.push({ target, values });
    },
    dragEnd: (target, values, edit) => {
      host.drag = null;
      host.frames.push({ target, values });
      host.edit(edit);
    },
    edit: (edit) => {
      host.edits.push(edit);
      host.document = applyToJson(host.document, operationFor(edit));
    },
    previewMesh: (layerId, points) => {
      host.meshPreview = points ? { layerId, points } : null;
    },
  };
  return host;
}
