import { describe, expect, it } from 'vitest';
import { createSessionStore, defaultSession, PANEL_LIMITS_PX, readSession, SESSION_STORAGE_KEY } from './session-store';

describe('the workspace session store', () => {
  it('reads only known fields, clamped, and falls back on junk', () => {
    expect(readSession(null)).toEqual(defaultSession());
    expect(readSession('not json')).toEqual(defaultSession());
    const s = readSession(JSON.stringify({ leftWidth: 9999, rightWidth: -4, leftTab: 'assets', drawerOpen: true, evil: '<script>' }));
    expect(s.leftWidth).toBe(PANEL_LIMITS_PX.left.max);
    expect(s.rightWidth).toBe(PANEL_LIMITS_PX.right.min);
    expect(s.leftTab).toBe('assets');
    expect(s.drawerOpen).toBe(true);
    expect(s).not.toHaveProperty('evil');
  });

  it('remembers changes in storage', async () => {
    const map = new Map<string, string>();
    const storage = { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) };
    const store = createSessionStore(storage);
    store.leftWidth = 300;
    store.leftTab = 'scenes';
    await Promise.resolve();
    await new Promise((r) => setTimeout(r, 0));
    const again = createSessionStore(storage);
    expect(again.leftWidth).toBe(300);
    expect(again.leftTab).toBe('scenes');
    expect(map.has(SESSION_STORAGE_KEY)).toBe(true);
  });
});

describe('the warp handle size (spec section 5: 6..90, default 36)', () => {
  it('defaults to 36 and clamps what storage holds', () => {
    expect(defaultSession().warpHandleSize).toBe(36);
    expect(readSession(JSON.stringify({ warpHandleSize: 200 })).warpHandleSize).toBe(90);
    expect(readSession(JSON.stringify({ warpHandleSize: 1 })).warpHandleSize).toBe(6);
    expect(readSession(JSON.stringify({ warpHandleSize: 'big' })).warpHandleSize).toBe(36);
    expect(readSession(JSON.stringify({ warpHandleSize: 48 })).warpHandleSize).toBe(48);
  });
});
