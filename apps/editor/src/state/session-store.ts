import { clampWarpHandleSize, WARP_HANDLE_SIZE_DEFAULT_PX } from '@beamstage/layers';
import { proxy, subscribe } from 'valtio';

/** The dock tabs on the left (design.md section 8). */
export type LeftTab = 'layers' | 'scenes' | 'assets' | 'outputs';

/**
 * Session state (design.md section 2): the workspace layout, remembered per browser, never synced,
 * never undoable. Widths and heights are CSS pixels.
 */
export interface SessionState {
  leftWidth: number;
  rightWidth: number;
  drawerHeight: number;
  leftCollapsed: boolean;
  rightCollapsed: boolean;
  drawerOpen: boolean;
  leftTab: LeftTab;
  /** Stage zoom (1 = one canvas pixel per CSS pixel), or null: the canvas fits the stage area. */
  stageZoom: number | null;
  /** Stage pan: where the canvas's top-left sits in the stage area, in CSS pixels (used with stageZoom). */
  stagePanX: number;
  stagePanY: number;
  /** Warp handle size in px, 6..90 (an editor-held value of spec section 3, not in the document). */
  warpHandleSize: number;
  /** Timeline zoom 0.1..10 (1 = 100 px a second) and horizontal scroll in ms (spec section 5 clamps). */
  timelineZoom: number;
  timelineScroll: number;
  /** GO's fade in ms when the timeline has no transition between the two scenes (0..60000). */
  goFadeMs: number;
}

export const SESSION_STORAGE_KEY = 'beamstage.workspace.v1';

export const PANEL_LIMITS_PX = {
  left: { min: 180, max: 520, initial: 260 },
  right: { min: 220, max: 560, initial: 300 },
  drawer: { min: 120, max: 600, initial: 240 },
} as const;

/** Stage zoom bounds (the stage tools' ZOOM_MIN / ZOOM_MAX) and how far a stored pan may reach. */
export const STAGE_ZOOM_LIMITS = { min: 0.05, max: 32 } as const;
export const STAGE_PAN_LIMIT_PX = 1_000_000;

export function defaultSession(): SessionState {
  return {
    leftWidth: PANEL_LIMITS_PX.left.initial,
    rightWidth: PANEL_LIMITS_PX.right.initial,
    drawerHeight: PANEL_LIMITS_PX.drawer.initial,
    leftCollapsed: false,
    rightCollapsed: false,
    drawerOpen: false,
    leftTab: 'layers',
    stageZoom: null,
    stagePanX: 0,
    stagePanY: 0,
    warpHandleSize: WARP_HANDLE_SIZE_DEFAULT_PX,
    timelineZoom: 1,
    timelineScroll: 0,
    goFadeMs: 1000,
  };
}

const clamp = (v: unknown, min: number, max: number, fallback: number) =>
  typeof v === 'number' && Number.isFinite(v) ? Math.min(max, Math.max(min, v)) : fallback;

/** Reads a stored layout, keeping only known fields with sane values (storage is user-editable). */
export function readSession(raw: string | null): SessionState {
  const base = defaultSession();
  if (!raw) return base;
  let data: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object') return base;
    data = parsed as Record<string, unknown>;
  } catch {
    return base;
  }
  const { left, right, drawer } = PANEL_LIMITS_PX;
  return {
    leftWidth: clamp(data['leftWidth'], left.min, left.max, base.leftWidth),
    rightWidth: clamp(data['rightWidth'], right.min, right.max, base.rightWidth),
    drawerHeight: clamp(data['drawerHeight'], drawer.min, drawer.max, base.drawerHeight),
    leftCollapsed: data['leftCollapsed'] === true,
    rightCollapsed: data['rightCollapsed'] === true,
    drawerOpen: data['drawerOpen'] === true,
    leftTab: data['leftTab'] === 'scenes' || data['leftTab'] === 'assets' || data['leftTab'] === 'outputs' ? data['leftTab'] : 'layers',
    stageZoom: typeof data['stageZoom'] === 'number' ? clamp(data['stageZoom'], STAGE_ZOOM_LIMITS.min, STAGE_ZOOM_LIMITS.max, 1) : null,
    stagePanX: clamp(data['stagePanX'], -STAGE_PAN_LIMIT_PX, STAGE_PAN_LIMIT_PX, 0),
    stagePanY: clamp(data['stagePanY'], -STAGE_PAN_LIMIT_PX, STAGE_PAN_LIMIT_PX, 0),
    warpHandleSize: typeof data['warpHandleSize'] === 'number' ? clampWarpHandleSize(data['warpHandleSize']) : base.warpHandleSize,
    timelineZoom: clamp(data['timelineZoom'], 0.1, 10, base.timelineZoom),
    timelineScroll: clamp(data['timelineScroll'], 0, Number.MAX_SAFE_INTEGER, base.timelineScroll),
    goFadeMs: clamp(data['goFadeMs'], 0, 60_000, base.goFadeMs),
  };
}

/** Minimal storage surface (localStorage in the app, a Map in tests). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** A session store loaded from storage and written back on every change. */
export function createSessionStore(storage: KeyValueStorage | null) {
  let raw: string | null = null;
  try {
    raw = storage?.getItem(SESSION_STORAGE_KEY) ?? null;
  } catch {
    raw = null; // storage blocked (private mode): the defaults still work
  }
  const store = proxy<SessionState>(readSession(raw));
  subscribe(store, () => {
    try {
      storage?.setItem(SESSION_STORAGE_KEY, JSON.stringify(store));
    } catch {
      // Quota or privacy mode: the layout is a convenience, never worth an error.
    }
  });
  return store;
}

export type SessionStore = ReturnType<typeof createSessionStore>;

let browserSession: SessionStore | null = null;

/** The one session store of this browser tab. */
export function browserSessionStore(): SessionStore {
  browserSession ??= createSessionStore(typeof localStorage === 'undefined' ? null : localStorage);
  return browserSession;
}
