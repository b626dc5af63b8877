import { describe, expect, it } from 'vitest';
import { cleanupOnNavigation, NAVIGATION_TEXTURE_MAX_ENTRIES, trackAnimationFrames, trackKeyListeners } from './navigation-cleanup';
import type { FrameHost, KeyTarget } from './navigation-cleanup';

/** A window's frame queue, run by hand. */
function frameHost() {
  let next = 1;
  const queued = new Map<number, FrameRequestCallback>();
  const host: FrameHost & { run(): void; queued: Map<number, FrameRequestCallback> } = {
    queued,
    requestAnimationFrame(cb) {
      queued.set(next, cb);
      return next++;
    },
    cancelAnimationFrame(id) {
      queued.delete(id);
    },
    run() {
      const batch = [...queued.entries()];
      queued.clear();
      for (const [, cb] of batch) cb(16);
    },
  };
  return host;
}

function keyTarget() {
  const listeners: { type: string; listener: unknown; capture: boolean }[] = [];
  const target: KeyTarget & { listeners: typeof listeners } = {
    listeners,
    addEventListener(type, listener, options) {
      listeners.push({ type, listener, capture: typeof options === 'boolean' ? options : !!options?.capture });
    },
    removeEventListener(type, listener, options) {
      const capture = typeof options === 'boolean' ? options : !!options?.capture;
      const i = listeners.findIndex((l) => l.type === type && l.listener === listener && l.capture === capture);
      if (i >= 0) listeners.splice(i, 1);
    },
  };
  return target;
}

describe('navigation cleanup (spec section 2)', () => {
  it('tracks the pending frames of a loop and cancels them, so the loop stops', () => {
    const host = frameHost();
    const frames = trackAnimationFrames(host);
    let ticks = 0;
    const loop = () => {
      ticks += 1;
      host.requestAnimationFrame(loop);
    };
    host.requestAnimationFrame(loop);
    const once = host.requestAnimationFrame(() => undefined);
    host.cancelAnimationFrame(once);
    expect(frames.pending()).toBe(1);
    host.run();
    host.run();
    expect(ticks).toBe(2);
    expect(frames.pending()).toBe(1);
    expect(frames.cancelAll()).toBe(1);
    host.run();
    expect(ticks).toBe(2);
    expect(frames.pending()).toBe(0);
  });

  it('lets go of the keyboard listeners still attached, and of no other listener', () => {
    const win = keyTarget();
    const doc = keyTarget();
    const keys = trackKeyListeners([win, doc]);
    const onKey = () => undefined;
    const onGone = () => undefined;
    const onClick = () => undefined;
    win.addEventListener('keydown', onKey);
    doc.addEventListener('keyup', onKey, { capture: true });
    win.addEventListener('keydown', onGone);
    win.removeEventListener('keydown', onGone);
    win.addEventListener('click', onClick);
    expect(keys.attached()).toBe(2);
    expect(keys.releaseAll()).toBe(2);
    expect(win.listeners.map((l) => l.type)).toEqual(['click']);
    expect(doc.listeners).toEqual([]);
    // A page after the navigation adds its own again.
    win.addEventListener('keydown', onKey);
    expect(keys.attached()).toBe(1);
  });

  it('reports what one navigation released, trimming the textures to 50', () => {
    const host = frameHost();
    const frames = trackAnimationFrames(host);
    host.requestAnimationFrame(() => undefined);
    const keys = trackKeyListeners([keyTarget()]);
    const trimmed: number[] = [];
    const report = cleanupOnNavigation({
      frames,
      keys,
      forceCleanHtmlFrames: () => 3,
      trimTextures: (max) => {
        trimmed.push(max);
        return 12;
      },
    });
    expect(report).toEqual({ frames: 1, keyListeners: 0, htmlFrames: 3, textures: 12 });
    expect(trimmed).toEqual([NAVIGATION_TEXTURE_MAX_ENTRIES]);
    expect(cleanupOnNavigation({ frames, keys, forceCleanHtmlFrames: () => 0, trimTextures: null }).textures).toBe(0);
  });
});
