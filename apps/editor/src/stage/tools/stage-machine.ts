import type { Layer, Point } from '@beamstage/layers';
import { startCornerPin } from './corner-pin';
import { distance } from './geometry';
import { handleAt, handleHitPx, handlesFor } from './handles';
import type { Handle } from './handles';
import { layerAt } from './hit-test';
import { startMeshDrag } from './mesh';
import { outputTargetAt, startOutputWarpDrag } from './output-warp';
import { startPan, wheelZoom } from './pan-zoom';
import { startMove } from './select-move';
import type { SnapResult } from './snapping';
import type { DragSession, Modifiers, StageHost } from './tool';
import { NO_MODIFIERS } from './tool';
import { startRotate, startScale } from './transform-handles';
import { screenToStage } from './viewport';

/** A press becomes a drag once the pointer travels this far (screen pixels): a click never moves a layer. */
export const DRAG_THRESHOLD_SCREEN_PX = 3;

/** What a press landed on. */
type PressTarget =
  | { kind: 'handle'; handle: Handle; layer: Layer }
  | { kind: 'layer'; layer: Layer }
  | { kind: 'empty' }
  /** Calibration mode: one output warp corner (index) or the whole output quad (null). */
  | { kind: 'output'; index: number | null };

/** The machine's states (design.md section 8: tools are small state machines). */
export type StageToolState =
  | { kind: 'idle' }
  /** Pressed, not yet moved past the threshold: a release here is a click. */
  | { kind: 'pointing'; target: PressTarget; startScreen: Point; startStage: Point }
  | { kind: 'dragging'; session: DragSession };

/** What the overlay draws besides the handles: the loupe and snap feedback of a drag in progress. */
export interface StageToolView {
  state: StageToolState['kind'];
  tool: DragSession['tool'] | null;
  /** Stage point under the dragged corner or mesh point (the loupe's centre), or null. */
  loupe: Point | null;
  snap: SnapResult['kind'];
  /** Space is held: the next press pans. */
  panReady: boolean;
}

export interface PointerInput {
  /** 0 primary, 1 middle, 2 secondary (as PointerEvent.button). */
  button?: number;
  modifiers?: Modifiers;
}

export interface StageToolMachine {
  pointerDown(screen: Point, input?: PointerInput): void;
  pointerMove(screen: Point, modifiers?: Modifiers): void;
  pointerUp(screen: Point, modifiers?: Modifiers): void;
  keyDown(key: string): void;
  keyUp(key: string): void;
  wheel(screen: Point, deltaY: number): void;
  /** The window lost focus: held keys are forgotten, a drag in progress is committed. */
  blur(): void;
  state(): StageToolState;
  view(): StageToolView;
  /** Called after every change of state or view. */
  subscribe(listener: () => void): () => void;
}

/**
 * The stage tools as one state machine: idle -> pointing (pressed) -> dragging (moved past the
 * threshold) -> idle (released). What a press starts depends on what is under it: a handle of the
 * selected layer (corner pin, mesh point, rotate, scale), a layer's body (select and move), or
 * Space / the middle button (pan). The wheel zooms in any state.
 */
export function createStageToolMachine(host: StageHost): StageToolMachine {
  let state: StageToolState = { kind: 'idle' };
  let panReady = false;
  let loupe: Point | null = null;
  let snap: SnapResult['kind'] = null;
  const listeners = new Set<() => void>();
  const changed = () => listeners.forEach((l) => l());
  const set = (next: StageToolState) => {
    state = next;
    changed();
  };
  const onCornerView = (v: { point: Point; snap: SnapResult['kind'] } | null) => {
    loupe = v?.point ?? null;
    snap = v?.snap ?? null;
  };
  const onMeshView = (p: Point | null) => {
    loupe = p;
    snap = null;
  };

  const selectedHandles = (): { layer: Layer; handles: Handle[] } | null => {
    const id = host.selectedId();
    const layer = id ? host.project().layers.find((l) => l.id === id) : undefined;
    if (!layer || !layer.visible || layer.locked || !host.canEdit()) return null;
    return { layer, handles: handlesFor(layer, host.viewport()) };
  };

  const startDrag = (target: PressTarget, startStage: Point, startScreen: Point): DragSession | null => {
    if (target.kind === 'empty' || !host.canEdit()) return null;
    if (target.kind === 'output') return startOutputWarpDrag(host, target.index, startScreen);
    if (target.layer.locked) return null;
    if (target.kind === 'layer') return startMove(host, target.layer, startStage);
    const { handle, layer } = target;
    switch (handle.kind) {
      case 'corner':
        return startCornerPin(host, layer, handle.index, onCornerView);
      case 'mesh':
        return startMeshDrag(host, layer, handle.index, onMeshView);
      case 'rotate':
        return startRotate(host, layer, screenToStage(host.viewport(), startScreen));
      case 'scale':
        return startScale(host, layer, handle.axis, screenToStage(host.viewport(), handle.screen));
    }
  };

  const machine: StageToolMachine = {
    pointerDown(screen, input = {}) {
      if (state.kind !== 'idle') return;
      const button = input.button ?? 0;
      if (button === 1 || (button === 0 && panReady)) {
        set({ kind: 'dragging', session: startPan(host, screen) });
        return;
      }
      if (button !== 0) return;
      const stage = screenToStage(host.viewport(), screen);
      if (host.calibrating?.()) {
        // Calibration edits the output warp only: layers are neither selected nor moved.
        const hit = outputTargetAt(host.project().warpPoints, host.viewport(), screen);
        const index = hit?.kind === 'corner' ? hit.index : null;
        host.selectOutputCorner?.(index);
        set({ kind: 'pointing', target: hit ? { kind: 'output', index } : { kind: 'empty' }, startScreen: screen, startStage: stage });
        return;
      }
      const selected = selectedHandles();
      const handle = selected ? handleAt(selected.handles, screen, handleHitPx(host.handleSizePx?.())) : null;
      let target: PressTarget;
      if (selected && handle) target = { kind: 'handle', handle, layer: selected.layer };
      else {
        const layer = layerAt(host.project(), stage);
        target = layer ? { kind: 'layer', layer } : { kind: 'empty' };
        // Pressing selects at once (as in Figma): the inspector follows before any drag.
        const id = layer?.id ?? null;
        if (host.selectedId() !== id) host.select(id);
      }
      set({ kind: 'pointing', target, startScreen: screen, startStage: stage });
    },
    pointerMove(screen, modifiers = NO_MODIFIERS) {
      if (state.kind === 'pointing') {
        if (distance(screen, state.startScreen) < DRAG_THRESHOLD_SCREEN_PX) return;
        const session = startDrag(state.target, state.startStage, state.startScreen);
        if (!session) return; // a locked layer or empty stage: stays a click
        state = { kind: 'dragging', session };
      }
      if (state.kind !== 'dragging') return;
      state.session.move(screenToStage(host.viewport(), screen), screen, modifiers);
      changed();
    },
    pointerUp(screen, modifiers = NO_MODIFIERS) {
      if (state.kind === 'dragging') {
        state.session.move(screenToStage(host.viewport(), screen), screen, modifiers);
        state.session.end();
      }
      loupe = null;
      snap = null;
      set({ kind: 'idle' });
    },
    keyDown(key) {
      if (key === ' ') {
        if (!panReady) {
          panReady = true;
          changed();
        }
      }
    },
    keyUp(key) {
      if (key === ' ') {
        panReady = false;
        changed();
      }
    },
    wheel(screen, deltaY) {
      wheelZoom(host, screen, deltaY);
      changed();
    },
    blur() {
      panReady = false;
      if (state.kind === 'dragging') state.session.end();
      loupe = null;
      snap = null;
      set({ kind: 'idle' });
    },
    state: () => state,
    view: () => ({ state: state.kind, tool: state.kind === 'dragging' ? state.session.tool : null, loupe, snap, panReady }),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return machine;
}
