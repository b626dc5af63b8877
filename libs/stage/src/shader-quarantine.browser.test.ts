// Which shaders a lost WebGL context pauses (design.md section 4 rule 2), on a stage in Chromium
// with its clock injected: the losses are real (WEBGL_lose_context), and the stage restores.
import { afterEach, describe, expect, it } from 'vitest';
import { REPEATED_LOSS_WINDOW_MS, SHADER_SUSPECT_WINDOW_MS } from './stage-view-core';
import { layer, mountStage, project, waitFor, type TestStage } from './testing/browser-helpers';

const BLUE = 'precision mediump float; void main() { gl_FragColor = vec4(0.0, 0.0, 1.0, 1.0); }';
const GREEN = 'precision mediump float; void main() { gl_FragColor = vec4(0.0, 1.0, 0.0, 1.0); }';
const stages: TestStage[] = [];
afterEach(() => {
  for (const s of stages.splice(0)) {
    s.view.dispose();
    s.frame.remove();
  }
});

/** Loses the stage's context for real and gives it back, as the browser does after a GPU reset. */
async function loseAndRestore(s: TestStage): Promise<void> {
  const gl = (s.canvas.getContext('webgl2') ?? s.canvas.getContext('webgl'))!;
  const ext = gl.getExtension('WEBGL_lose_context')!;
  const lost = new Promise((resolve) => s.canvas.addEventListener('webglcontextlost', resolve, { once: true }));
  ext.loseContext();
  await lost;
  // Chrome accepts restoreContext only after the lost event's dispatch has finished.
  await new Promise((resolve) => setTimeout(resolve, 0));
  const back = new Promise((resolve) => s.canvas.addEventListener('webglcontextrestored', resolve, { once: true }));
  ext.restoreContext();
  await back;
  // A paused shader is reported when the stage next describes its frame: draw one now.
  await s.view.readPixels([{ x: 0, y: 0 }]);
}

const quarantined = (s: TestStage, id: string) => s.issues.some((i) => i.layerId === id && i.kind === 'quarantined');

describe('shader quarantine on a lost context', () => {
  it('a shader new at the loss is paused; one that ran a while survives one loss, not two within the window', async () => {
    let t = 0;
    const kept = new Map<string, string>();
    const storage = { getItem: (k: string) => kept.get(k) ?? null, setItem: (k: string, v: string) => void kept.set(k, v) };
    const s = mountStage(100, 100, 1, { now: () => t, quarantineStorage: storage });
    stages.push(s);
    const old = layer('fragment-shader', 'old', { x: 25, y: 50, width: 50, height: 100 });
    old.content.fragmentSrc = BLUE;
    s.view.show(project(100, 100, [old]));
    expect((await s.view.readPixels([{ x: 25, y: 50 }]))[0]!.slice(0, 3)).toEqual([0, 0, 255]);

    // Ran well past the suspect window, then one loss: the show goes on.
    t = SHADER_SUSPECT_WINDOW_MS * 3;
    await loseAndRestore(s);
    expect((await s.view.readPixels([{ x: 25, y: 50 }]))[0]!.slice(0, 3)).toEqual([0, 0, 255]);
    expect(quarantined(s, 'old')).toBe(false);

    // A new shader arrives and the context goes at once: the new one is the suspect, not the old.
    const fresh = layer('fragment-shader', 'fresh', { x: 75, y: 50, width: 50, height: 100 });
    fresh.content.fragmentSrc = GREEN;
    t += REPEATED_LOSS_WINDOW_MS * 2;
    s.view.show(project(100, 100, [old, fresh]));
    await s.view.readPixels([{ x: 75, y: 50 }]);
    t += 1_000;
    await loseAndRestore(s);
    const [left, right] = await s.view.readPixels([
      { x: 25, y: 50 },
      { x: 75, y: 50 },
    ]);
    expect(left!.slice(0, 3)).toEqual([0, 0, 255]);
    expect(right!.slice(0, 3)).not.toEqual([0, 255, 0]);
    await waitFor('the fresh shader reported paused', () => quarantined(s, 'fresh'));
    expect(quarantined(s, 'old')).toBe(false);

    // With nothing new, a second loss within the window suspects every shader shown.
    t += REPEATED_LOSS_WINDOW_MS * 2;
    await loseAndRestore(s);
    expect(quarantined(s, 'old')).toBe(false);
    t += REPEATED_LOSS_WINDOW_MS / 2;
    await loseAndRestore(s);
    await s.view.readPixels([{ x: 25, y: 50 }]);
    await waitFor('the old shader reported paused', () => quarantined(s, 'old'));
  });
});
