import type { Point } from '@beamstage/layers';
import { createStageToolMachine } from './stage-machine';
import type { PointerInput, StageToolMachine } from './stage-machine';
import type { Modifiers, StageHost } from './tool';
import { NO_MODIFIERS } from './tool';
import { stageToScreen } from './viewport';

/** Drag options: modifiers, button, and how many intermediate moves to send. */
export interface DragOptions extends PointerInput {
  steps?: number;
}

/**
 * The headless driver of the stage tools (design.md section 7): pointer, key and wheel events in
 * screen or stage coordinates, for tests and stories instead of the DOM. The React stage feeds the
 * same machine from real events.
 */
export interface StageDriver {
  readonly machine: StageToolMachine;
  /** A stage point where the screen shows it now. */
  toScreen(stage: Point): Point;
  pointerDown(screen: Point, input?: PointerInput): void;
  pointerMove(screen: Point, modifiers?: Modifiers): void;
  pointerUp(screen: Point, modifiers?: Modifiers): void;
  keyDown(key: string): void;
  keyUp(key: string): void;
  wheel(screen: Point, deltaY: number): void;
  /** Press, move in steps, release: in screen coordinates. */
  drag(from: Point, to: Point, options?: DragOptions): void;
  /** The same in stage coordinates (converted with the viewport at the press). */
  dragStage(from: Point, to: Point, options?: DragOptions): void;
  /** Press and release without moving. */
  click(screen: Point, input?: PointerInput): void;
}

export function createStageDriver(host: StageHost): StageDriver {
  const machine = createStageToolMachine(host);
  const toScreen = (p: Point) => stageToScreen(host.viewport(), p);
  const drag = (from: Point, to: Point, options: DragOptions = {}) => {
    const modifiers = options.modifiers ?? NO_MODIFIERS;
    const steps = Math.max(1, options.steps ?? 4);
    machine.pointerDown(from, options);
    for (let i = 1; i <= steps; i++) machine.pointerMove({ x: from.x + ((to.x - from.x) * i) / steps, y: from.y + ((to.y - from.y) * i) / steps }, modifiers);
    machine.pointerUp(to, modifiers);
  };
  return {
    machine,
    toScreen,
    pointerDown: (screen, input) => machine.pointerDown(screen, input),
    pointerMove: (screen, modifiers) => machine.pointerMove(screen, modifiers),
    pointerUp: (screen, modifiers) => machine.pointerUp(screen, modifiers),
    keyDown: (key) => machine.keyDown(key),
    keyUp: (key) => machine.keyUp(key),
    wheel: (screen, deltaY) => machine.wheel(screen, deltaY),
    drag,
    dragStage(from, to, options) {
      const a = toScreen(from);
      const b = toScreen(to);
      drag(a, b, options);
    },
    click(screen, input) {
      machine.pointerDown(screen, input);
      machine.pointerUp(screen);
    },
  };
}
