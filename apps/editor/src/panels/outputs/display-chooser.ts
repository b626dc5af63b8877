/**
 * "Open projector on display...": the Window Management API (getScreenDetails) lists the
 * machine's displays, and the projector opens as a window placed on the chosen one, where it goes
 * fullscreen on the operator's click. Where the API or its permission is missing, the operator gets
 * a clear message and the projector opens here, to be dragged to the projector's display.
 */
import { projectorPath } from '../../services/projector-path';

/** One display as the chooser lists it (a ScreenDetailed's useful fields). */
export interface DisplayChoice {
  index: number;
  label: string;
  left: number;
  top: number;
  width: number;
  height: number;
  primary: boolean;
}

/** What the chooser can offer. */
export type DisplayList = { ok: true; displays: DisplayChoice[] } | { ok: false; message: string };

/** The structural slice of ScreenDetailed the chooser reads (lib.dom has no types for it yet). */
export interface ScreenLike {
  label?: string;
  availLeft?: number;
  availTop?: number;
  left?: number;
  top?: number;
  width: number;
  height: number;
  isPrimary?: boolean;
  isInternal?: boolean;
}

export interface DisplayWindow {
  getScreenDetails?: () => Promise<{ screens: readonly ScreenLike[] }>;
  open(url: string, target: string, features: string): unknown;
}

export const NO_API_MESSAGE =
  "This browser cannot list displays (no Window Management API; Chrome and Edge have it). The projector opens in a new window here: drag it to the projector's display and press F for fullscreen.";
export const DENIED_MESSAGE =
  "Beamstage may not see your displays: the window management permission was refused. Allow it in the site settings (the icon left of the address), or open the projector here, drag it to the projector's display and press F.";

/** The displays as choices: labelled (or "Display N"), primary first kept in the system's order. */
export function displayChoices(screens: readonly ScreenLike[]): DisplayChoice[] {
  return screens.map((s, index) => ({
    index,
    label: (s.label ?? '').trim() || `Display ${index + 1}${s.isInternal ? ' (built-in)' : ''}`,
    left: s.availLeft ?? s.left ?? 0,
    top: s.availTop ?? s.top ?? 0,
    width: s.width,
    height: s.height,
    primary: s.isPrimary === true,
  }));
}

/** The clear message for a failed getScreenDetails call. */
export function displayErrorMessage(error: unknown): string {
  const name = error && typeof error === 'object' && 'name' in error ? String((error as { name: unknown }).name) : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return DENIED_MESSAGE;
  return `The displays could not be listed (${error instanceof Error ? error.message : String(error)}). Open the projector here and drag it to the projector's display.`;
}

/** Asks the browser for its displays (a permission prompt the first time). */
export async function listDisplays(win: DisplayWindow): Promise<DisplayList> {
  if (typeof win.getScreenDetails !== 'function') return { ok: false, message: NO_API_MESSAGE };
  try {
    const details = await win.getScreenDetails();
    return { ok: true, displays: displayChoices(details.screens) };
  } catch (error) {
    return { ok: false, message: displayErrorMessage(error) };
  }
}

/** The projector's address for a display: its label names the output; `fullscreen` makes it go fullscreen (after a click where the browser wants one). */
export function projectorUrlFor(projectId: string, display: DisplayChoice | null): string {
  const base = projectorPath(projectId);
  if (!display) return base;
  return `${base}?label=${encodeURIComponent(display.label.slice(0, 40))}&fullscreen=1`;
}

/** window.open features placing a popup over the whole of a display. */
export function windowFeaturesFor(display: DisplayChoice | null): string {
  if (!display) return 'noopener';
  return `popup,left=${Math.round(display.left)},top=${Math.round(display.top)},width=${Math.round(display.width)},height=${Math.round(display.height)}`;
}

/** Opens the projector on a display (or here, when none is given). */
export function openProjectorOn(win: DisplayWindow, projectId: string, display: DisplayChoice | null): void {
  win.open(projectorUrlFor(projectId, display), display ? `beamstage-projector-${display.index}` : '_blank', windowFeaturesFor(display));
}
