import { describe, expect, it } from 'vitest';
import { createRenderer } from './renderer';
import { makeCanvas, newCanvas, readPixel } from './testing/pixels';

const nextEvent = (target: EventTarget, name: string): Promise<void> =>
  new Promise((resolve) => target.addEventListener(name, () => resolve(), { once: true }));

describe('context loss and restore', () => {
  it('skips frames while lost and draws every layer again after restore', async () => {
    const canvas = newCanvas(32, 32);
    document.body.appendChild(canvas);
    let restored = 0;
    const renderer = createRenderer(canvas, { onContextRestored: () => restored++ });
    const gl = canvas.getContext('webgl2')!;
    const url = makeCanvas(4, 4, () => [0, 0, 255, 255]).toDataURL();
    const desc = {
      width: 32,
      height: 32,
      background: '#000000',
      items: [
        { id: 'img', source: { kind: 'image' as const, url }, width: 16, height: 32, x: 8, y: 16 },
        {
          id: 'sh',
          source: { kind: 'shader' as const, fragmentSrc: 'void main() { gl_FragColor = vec4(0.0, 1.0, 0.0, 1.0); }' },
          width: 16,
          height: 32,
          x: 24,
          y: 16,
        },
      ],
    };
    renderer.render(desc);
    await renderer.whenIdle();
    expect(readPixel(gl, 8, 16)).toEqual([0, 0, 255, 255]);
    expect(readPixel(gl, 24, 16)).toEqual([0, 255, 0, 255]);

    const ext = gl.getExtension('WEBGL_lose_context')!;
    const lost = nextEvent(canvas, 'webglcontextlost');
    ext.loseContext();
    await lost;
    // Chrome accepts restoreContext only after the lost event's dispatch has finished.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(renderer.contextLost).toBe(true);
    expect(() => renderer.render(desc)).not.toThrow();

    const back = nextEvent(canvas, 'webglcontextrestored');
    ext.restoreContext();
    await back;
    expect(renderer.contextLost).toBe(false);
    expect(restored).toBe(1);
    // Drawn again by the renderer itself, with the image re-uploaded from the cache.
    expect(readPixel(gl, 8, 16)).toEqual([0, 0, 255, 255]);
    expect(readPixel(gl, 24, 16)).toEqual([0, 255, 0, 255]);
    renderer.dispose();
  });
});
