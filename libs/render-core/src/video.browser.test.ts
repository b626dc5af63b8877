import { describe, expect, it } from 'vitest';
import { createRenderer } from './renderer';
import { newCanvas } from './testing/pixels';

const frame = (): Promise<number> => new Promise((resolve) => requestAnimationFrame(resolve));

/** A playing video fed by a canvas stream that changes colour every animation frame. */
async function streamVideo(): Promise<{ video: HTMLVideoElement; stop: () => void }> {
  const src = newCanvas(32, 32);
  const ctx = src.getContext('2d')!;
  let n = 0,
    running = true;
  const paint = (): void => {
    if (!running) return;
    ctx.fillStyle = `hsl(${(n++ * 37) % 360} 80% 50%)`;
    ctx.fillRect(0, 0, 32, 32);
    requestAnimationFrame(paint);
  };
  paint();
  const video = document.createElement('video');
  video.muted = true;
  video.srcObject = src.captureStream(30);
  await video.play();
  while (video.readyState < 2) await frame();
  return {
    video,
    stop: () => {
      running = false;
      video.pause();
    },
  };
}

describe('video uploads', () => {
  it('uploads only presented frames while playing, and nothing while paused', async () => {
    const { video, stop } = await streamVideo();
    let presented = 0;
    const count = (): void => {
      presented++;
      video.requestVideoFrameCallback(count);
    };
    video.requestVideoFrameCallback(count);
    const renderer = createRenderer(newCanvas(32, 32));
    const desc = {
      width: 32,
      height: 32,
      background: '#000000',
      items: [{ id: 'v', source: { kind: 'video' as const, element: video }, width: 32, height: 32, x: 16, y: 16 }],
    };
    renderer.render(desc); // first frame
    // The frame is on the canvas: a saturated stream colour, not the black background.
    const gl = (renderer.canvas as HTMLCanvasElement).getContext('webgl2')!;
    const px = new Uint8Array(4);
    gl.readPixels(16, 16, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, px);
    expect(px[3]).toBe(255);
    expect(Math.max(px[0]!, px[1]!, px[2]!) - Math.min(px[0]!, px[1]!, px[2]!)).toBeGreaterThan(100);
    const before = renderer.totalStats().textureUploads;
    presented = 0;
    const t0 = performance.now();
    while (performance.now() - t0 < 1000) {
      await frame();
      renderer.render(desc);
    }
    const playingUploads = renderer.totalStats().textureUploads - before;
    expect(playingUploads).toBeGreaterThan(5);
    expect(playingUploads).toBeLessThanOrEqual(presented + 1);

    // An invisible item uploads nothing either, even while the video plays.
    const hiddenBefore = renderer.totalStats().textureUploads;
    const hidden = { ...desc, items: desc.items.map((i) => ({ ...i, visible: false })) };
    for (let i = 0; i < 10; i++) {
      await frame();
      renderer.render(hidden);
    }
    expect(renderer.totalStats().textureUploads - hiddenBefore).toBe(0);

    video.pause();
    await frame();
    const pausedBefore = renderer.totalStats().textureUploads;
    for (let i = 0; i < 20; i++) {
      await frame();
      renderer.render(desc);
    }
    expect(renderer.totalStats().textureUploads - pausedBefore).toBe(0);
    stop();
    renderer.dispose();
  });
});
