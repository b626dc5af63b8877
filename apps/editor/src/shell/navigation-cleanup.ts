// Spec section 2, navigation behaviour: on every navigation, pending animation frames and keyboard
// listeners are cleaned up, existing HTML layer frames are force-cleaned, and a texture cache of
// more than 50 entries releases its unused textures. The trackers wrap a window-like host so the
// rules are tested in Node with fakes; shell/use-navigation-cleanup.ts installs them on the page.

/** Spec section 9: a texture cache above this many entries is trimmed on navigation. */
export const NAVIGATION_TEXTURE_MAX_ENTRIES = 50;
/** Spec section 9: more active animation frames than this counts as high. */
export const ANIMATION_FRAMES_HIGH = 50;

export interface FrameHost {
  requestAnimationFrame(callback: FrameRequestCallback): number;
  cancelAnimationFrame(handle: number): void;
}

export interface FrameTracker {
  /** Animation frames requested and not yet run or cancelled. */
  pending(): number;
  /** Cancels every pending frame; answers how many. */
  cancelAll(): number;
}

/**
 * Routes the host's requestAnimationFrame and cancelAnimationFrame through a tracker of pending
 * frames (the page's own loops keep working: a frame that runs leaves the set, a loop asks again).
 */
export function trackAnimationFrames(host: FrameHost): FrameTracker {
  const request = host.requestAnimationFrame.bind(host);
  const cancel = host.cancelAnimationFrame.bind(host);
  const pending = new Set<number>();
  host.requestAnimationFrame = (callback) => {
    const handle = request((time) => {
      pending.delete(handle);
      callback(time);
    });
    pending.add(handle);
    return handle;
  };
  host.cancelAnimationFrame = (handle) => {
    pending.delete(handle);
    cancel(handle);
  };
  return {
    pending: () => pending.size,
    cancelAll() {
      const n = pending.size;
      for (const handle of pending) cancel(handle);
      pending.clear();
      return n;
    },
  };
}

type Listener = EventListenerOrEventListenerObject;

export interface KeyTarget {
  addEventListener(type: string, listener: Listener | null, options?: boolean | AddEventListenerOptions): void;
  removeEventListener(type: string, listener: Listener | null, options?: boolean | EventListenerOptions): void;
}

export interface KeyListenerTracker {
  /** Keyboard listeners added to the tracked targets and still attached. */
  attached(): number;
  /** Removes every keyboard listener added since the last release (the page's); answers how many. */
  releaseAll(): number;
}

const KEY_EVENTS = new Set(['keydown', 'keyup', 'keypress']);
const captureOf = (options?: boolean | EventListenerOptions) => (typeof options === 'boolean' ? options : (options?.capture ?? false));

/** Records the keyboard listeners added to `targets` (window and document), so a navigation can let them go. */
export function trackKeyListeners(targets: readonly KeyTarget[]): KeyListenerTracker {
  const attached: { target: KeyTarget; type: string; listener: Listener; capture: boolean; remove: KeyTarget['removeEventListener'] }[] = [];
  for (const target of targets) {
    const add = target.addEventListener.bind(target);
    const remove = target.removeEventListener.bind(target);
    target.addEventListener = (type, listener, options) => {
      add(type, listener, options);
      if (!listener || !KEY_EVENTS.has(type)) return;
      const capture = captureOf(options);
      if (!attached.some((a) => a.target === target && a.type === type && a.listener === listener && a.capture === capture))
        attached.push({ target, type, listener, capture, remove });
    };
    target.removeEventListener = (type, listener, options) => {
      remove(type, listener, options);
      const capture = captureOf(options);
      const i = attached.findIndex((a) => a.target === target && a.type === type && a.listener === listener && a.capture === capture);
      if (i >= 0) attached.splice(i, 1);
    };
  }
  return {
    attached: () => attached.length,
    releaseAll() {
      const n = attached.length;
      for (const a of attached.splice(0)) a.remove.call(a.target, a.type, a.listener, a.capture);
      return n;
    },
  };
}

export interface NavigationCleanupDeps {
  frames: FrameTracker;
  keys: KeyListenerTracker;
  /** Removes the HTML layer frames still in the page; answers how many. */
  forceCleanHtmlFrames(): number;
  /** Trims the open stage's texture cache to `maxEntries`, releasing unused textures (render-core cleanupTextures); null when no stage is open. */
  trimTextures: ((maxEntries: number) => number) | null;
}

export interface NavigationCleanupReport {
  frames: number;
  keyListeners: number;
  htmlFrames: number;
  textures: number;
}

/** What a navigation lets go of (run when the route's path changes, before the next page renders). */
export function cleanupOnNavigation(deps: NavigationCleanupDeps): NavigationCleanupReport {
  return {
    frames: deps.frames.cancelAll(),
    keyListeners: deps.keys.releaseAll(),
    htmlFrames: deps.forceCleanHtmlFrames(),
    textures: deps.trimTextures ? deps.trimTextures(NAVIGATION_TEXTURE_MAX_ENTRIES) : 0,
  };
}
