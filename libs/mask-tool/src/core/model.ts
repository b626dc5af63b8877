// The mask drawing model: tools, pointer gestures, history, view and background settings.
// Pure: no DOM, no timers. The modal and the headless driver both feed it pointer events.
import {
  BACKGROUND_OPACITY_DEFAULT,
  BACKGROUND_OPACITY_MAX,
  BACKGROUND_OPACITY_MIN,
  BRUSH_SIZE_DEFAULT_PX,
  BRUSH_SIZE_MAX_PX,
  BRUSH_SIZE_MIN_PX,
  BUTTON_ZOOM_FACTOR,
  CLOSE_DISTANCE_PX,
  MASK_CANVAS_SIZE_PX,
  MASK_COLOR,
  MIN_POINTS_TO_CLOSE,
  PATH_STROKE_WIDTH_PX,
  SMOOTH_DRAG_THRESHOLD_PX,
  WHEEL_ZOOM_IN_FACTOR,
  WHEEL_ZOOM_OUT_FACTOR,
} from './constants';
import { distance } from './geometry';
import type { MaskCommand, MaskHistory } from './history';
import { canRedo, canUndo, emptyHistory, pushCommand, rebuildItems, redo, undo } from './history';
import type {
  BackgroundFitMode,
  BrushStroke,
  MaskBackgroundImage,
  MaskItem,
  MaskPath,
  MaskPathId,
  MaskPoint,
  MaskPointId,
  MaskTool,
  StrokePoint,
} from './types';
import type { ViewTransform } from './view';
import { IDENTITY_VIEW, clamp, screenToDrawing, zoomAround } from './view';

/** A pointer event in screen px relative to the canvas (button 0 left, 1 middle). */
export interface MaskPointerInput {
  readonly x: number;
  readonly y: number;
  readonly button?: number;
  readonly ctrlKey?: boolean;
  readonly metaKey?: boolean;
}

/** Everything the modal renders, as one immutable snapshot. */
export interface MaskState {
  readonly tool: MaskTool;
  readonly brushSize: number;
  readonly backgroundOpacity: number;
  readonly backgroundFitMode: BackgroundFitMode;
  readonly fillEnabled: boolean;
  readonly backgroundImage: MaskBackgroundImage | null;
  readonly view: ViewTransform;
  /** Finalised paths and strokes, in paint order. */
  readonly items: readonly MaskItem[];
  /** The pen path being built, or null. */
  readonly currentPath: MaskPath | null;
  /** The brush or eraser stroke under a held pointer, or null. */
  readonly activeStroke: BrushStroke | null;
  readonly history: MaskHistory;
  readonly canUndo: boolean;
  readonly canRedo: boolean;
  /** True when there is something to export. */
  readonly hasContent: boolean;
}

type Gesture =
  | { readonly kind: 'none' }
  | { readonly kind: 'pan'; readonly last: StrokePoint }
  | { readonly kind: 'penDrag'; readonly start: StrokePoint }
  | { readonly kind: 'stroke' };

export interface MaskModelOptions {
  /** Makes ids; the default counts from 1, which keeps tests deterministic. */
  readonly makeId?: (prefix: 'path' | 'pt') => string;
  readonly initialItems?: readonly MaskItem[];
  readonly initialCurrentPath?: MaskPath | null;
}

function counterIds(): (prefix: string) => string {
  let n = 0;
  return (prefix) => `${prefix}-${++n}`;
}

/** The pure mask drawing model (see README for the interaction rules it implements). */
export class MaskModel {
  private state: MaskState;
  private gesture: Gesture = { kind: 'none' };
  private readonly listeners = new Set<() => void>();
  private readonly makeId: (prefix: 'path' | 'pt') => string;

  constructor(options: MaskModelOptions = {}) {
    this.makeId = options.makeId ?? counterIds();
    const history = emptyHistory(options.initialItems ?? []);
    this.state = derive({
      tool: 'pen',
      brushSize: BRUSH_SIZE_DEFAULT_PX,
      backgroundOpacity: BACKGROUND_OPACITY_DEFAULT,
      backgroundFitMode: 'cover',
      fillEnabled: true,
      backgroundImage: null,
      view: IDENTITY_VIEW,
      items: history.base,
      currentPath: options.initialCurrentPath ?? null,
      activeStroke: null,
      history,
    });
  }

  /** The current snapshot (a new object after every change, so React can compare by identity). */
  getState = (): MaskState => this.state;

  /** Calls listener after every change; returns the unsubscribe function. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(patch: Partial<Omit<MaskState, 'canUndo' | 'canRedo' | 'hasContent'>>): void {
    this.state = derive({ ...this.state, ...patch });
    for (const listener of this.listeners) listener();
  }

  private push(command: MaskCommand): void {
    const history = pushCommand(this.state.history, command);
    this.set({ history, items: rebuildItems(history) });
  }

  // ---- settings -------------------------------------------------------------------------------

  /** Switches tool; leaving the pen finalises its path, and a held stroke is committed first. */
  setTool(tool: MaskTool): void {
    if (tool === this.state.tool) return;
    this.commitStroke();
    if (tool !== 'pen') this.newPath();
    this.set({ tool });
  }

  /** Sets the brush size, rounded and clamped to 1..50 px. */
  setBrushSize(size: number): void {
    if (!Number.isFinite(size)) return;
    this.set({ brushSize: clamp(Math.round(size), BRUSH_SIZE_MIN_PX, BRUSH_SIZE_MAX_PX) });
  }

  /** Sets the background opacity clamped to 0.1..0.9 (one decimal, as the slider steps). */
  setBackgroundOpacity(opacity: number): void {
    if (!Number.isFinite(opacity)) return;
    const stepped = Math.round(opacity * 10) / 10;
    this.set({ backgroundOpacity: clamp(stepped, BACKGROUND_OPACITY_MIN, BACKGROUND_OPACITY_MAX) });
  }

  setBackgroundFitMode(mode: BackgroundFitMode): void {
    this.set({ backgroundFitMode: mode });
  }

  setFillEnabled(fill: boolean): void {
    this.set({ fillEnabled: fill });
  }

  setBackgroundImage(image: MaskBackgroundImage | null): void {
    this.set({ backgroundImage: image });
  }

  // ---- view -----------------------------------------------------------------------------------

  /** Wheel zoom around the pointer: 0.9 when deltaY > 0, 1.1 when deltaY < 0. */
  wheel(deltaY: number, at: StrokePoint): void {
    if (deltaY === 0) return;
    this.set({ view: zoomAround(this.state.view, deltaY > 0 ? WHEEL_ZOOM_OUT_FACTOR : WHEEL_ZOOM_IN_FACTOR, at) });
  }

  /** Zoom-in button: x1.2 around the canvas centre. */
  zoomIn(): void {
    const c = MASK_CANVAS_SIZE_PX / 2;
    this.set({ view: zoomAround(this.state.view, BUTTON_ZOOM_FACTOR, { x: c, y: c }) });
  }

  /** Zoom-out button: /1.2 around the canvas centre. */
  zoomOut(): void {
    const c = MASK_CANVAS_SIZE_PX / 2;
    this.set({ view: zoomAround(this.state.view, 1 / BUTTON_ZOOM_FACTOR, { x: c, y: c }) });
  }

  resetView(): void {
    this.set({ view: IDENTITY_VIEW });
  }

  /** Moves the view by a screen-px offset. */
  panBy(dx: number, dy: number): void {
    const v = this.state.view;
    this.set({ view: { ...v, panX: v.panX + dx, panY: v.panY + dy } });
  }

  // ---- pointer --------------------------------------------------------------------------------

  /** Pointer pressed on the canvas. */
  pointerDown(input: MaskPointerInput): void {
    const screen = { x: input.x, y: input.y };
    const button = input.button ?? 0;
    if (button === 1 || (button === 0 && (input.ctrlKey || input.metaKey))) {
      this.gesture = { kind: 'pan', last: screen };
      return;
    }
    if (button !== 0) return;
    const at = screenToDrawing(this.state.view, screen);
    if (this.state.tool === 'pen') {
      this.penDown(at, screen);
    } else {
      this.gesture = { kind: 'stroke' };
      this.set({ activeStroke: { points: [at], brushSize: this.state.brushSize, isEraser: this.state.tool === 'eraser' } });
    }
  }

  /** Pointer moved (with or without a button held). */
  pointerMove(input: MaskPointerInput): void {
    const screen = { x: input.x, y: input.y };
    const g = this.gesture;
    if (g.kind === 'pan') {
      this.gesture = { kind: 'pan', last: screen };
      this.panBy(screen.x - g.last.x, screen.y - g.last.y);
    } else if (g.kind === 'penDrag') {
      this.penDrag(g.start, screen);
    } else if (g.kind === 'stroke' && this.state.activeStroke) {
      const at = screenToDrawing(this.state.view, screen);
      const s = this.state.activeStroke;
      const last = s.points[s.points.length - 1];
      if (last && last.x === at.x && last.y === at.y) return;
      this.set({ activeStroke: { ...s, points: [...s.points, at] } });
    }
  }

  /** Pointer released: commits a brush or eraser stroke, ends a pen drag or a pan. */
  pointerUp(): void {
    this.commitStroke();
    this.gesture = { kind: 'none' };
  }

  /** Pointer left the canvas: same as release (spec: strokes commit on leave). */
  pointerLeave(): void {
    this.pointerUp();
  }

  /** True while a pan drag is in progress (the modal shows a grabbing cursor). */
  isPanning(): boolean {
    return this.gesture.kind === 'pan';
  }

  private commitStroke(): void {
    const stroke = this.state.activeStroke;
    if (!stroke) return;
    this.set({ activeStroke: null });
    this.push({ type: 'addBrushStroke', data: stroke, description: stroke.isEraser ? 'Erase' : 'Brush stroke' });
  }

  private penDown(at: StrokePoint, screen: StrokePoint): void {
    const path = this.state.currentPath;
    const first = path?.points[0];
    if (path && first && path.points.length >= MIN_POINTS_TO_CLOSE && distance(first, at) * this.state.view.zoom <= CLOSE_DISTANCE_PX) {
      this.gesture = { kind: 'none' };
      this.closePath();
      return;
    }
    const point: MaskPoint = {
      id: this.makeId('pt') as MaskPointId,
      x: at.x,
      y: at.y,
      smooth: false,
      h1: { dx: 0, dy: 0 },
      h2: { dx: 0, dy: 0 },
      selected: false,
    };
    const base: MaskPath = path ?? {
      id: this.makeId('path') as MaskPathId,
      points: [],
      closed: false,
      filled: this.state.fillEnabled,
      strokeWidth: PATH_STROKE_WIDTH_PX,
      color: MASK_COLOR,
      isEraser: false,
    };
    this.gesture = { kind: 'penDrag', start: screen };
    this.set({ currentPath: { ...base, points: [...base.points, point] } });
  }

  private penDrag(start: StrokePoint, screen: StrokePoint): void {
    const path = this.state.currentPath;
    const last = path?.points[path.points.length - 1];
    if (!path || !last) return;
    const dx = screen.x - start.x,
      dy = screen.y - start.y;
    if (!last.smooth && Math.hypot(dx, dy) <= SMOOTH_DRAG_THRESHOLD_PX) return;
    // The out-handle follows the drag; the in-handle mirrors it, so the curve passes through smoothly.
    const hx = dx / this.state.view.zoom,
      hy = dy / this.state.view.zoom;
    // `+ 0` turns -0 into 0, so a mirrored zero survives a JSON round trip unchanged.
    const point: MaskPoint = { ...last, smooth: true, h2: { dx: hx + 0, dy: hy + 0 }, h1: { dx: -hx + 0, dy: -hy + 0 } };
    this.set({ currentPath: { ...path, points: [...path.points.slice(0, -1), point] } });
  }

  // ---- path and history actions ---------------------------------------------------------------

  /** Closes and finalises the current path; false when it has fewer than 3 points. */
  closePath(): boolean {
    const path = this.state.currentPath;
    if (!path || path.points.length < MIN_POINTS_TO_CLOSE) return false;
    this.set({ currentPath: null });
    this.push({ type: 'addPath', data: { ...path, closed: true }, description: 'Close path' });
    return true;
  }

  /** Finalises the current path as an open path (a lone point is dropped) and starts afresh. */
  newPath(): void {
    const path = this.state.currentPath;
    if (!path) return;
    this.set({ currentPath: null });
    if (path.points.length >= 2) this.push({ type: 'newPath', data: path, description: 'New path' });
  }

  /** Clears everything; false (and nothing happens) when the canvas is already empty. */
  clearAll(): boolean {
    if (!this.state.hasContent && !this.state.currentPath && !this.state.activeStroke) return false;
    this.gesture = { kind: 'none' };
    this.set({ currentPath: null, activeStroke: null });
    this.push({ type: 'clearAll', data: null, description: 'Clear all' });
    return true;
  }

  undo(): void {
    const history = undo(this.state.history);
    if (history !== this.state.history) this.set({ history, items: rebuildItems(history) });
  }

  redo(): void {
    const history = redo(this.state.history);
    if (history !== this.state.history) this.set({ history, items: rebuildItems(history) });
  }
}

function derive(s: Omit<MaskState, 'canUndo' | 'canRedo' | 'hasContent'>): MaskState {
  return {
    ...s,
    canUndo: canUndo(s.history),
    canRedo: canRedo(s.history),
    hasContent: s.items.length > 0 || (s.currentPath?.points.length ?? 0) >= 2,
  };
}
