// The modal in Debian Chromium: draw with real pointer events, save through a fake masks client,
// decode the PNG and read its pixels, parse the SVG.
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import type { MasksClient, SavedMaskAsset } from '../index';
import { MaskModel } from '../index';
import { MaskModal } from './MaskModal';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

interface Harness {
  model: MaskModel;
  toasts: string[];
  closes: number;
  uploads: { url: string; body: Blob; contentType: string }[];
  saved: SavedMaskAsset[];
  assets: SavedMaskAsset[];
  calls: string[];
}

let root: Root | null = null;
let host: HTMLElement | null = null;

afterEach(() => {
  act(() => root?.unmount());
  host?.remove();
  root = null;
});

function mount(opts: { putStatus?: number; projectId?: string | null; confirm?: boolean } = {}): Harness {
  const h: Harness = { model: new MaskModel(), toasts: [], closes: 0, uploads: [], saved: [], assets: [], calls: [] };
  const client: MasksClient = {
    async createUploadUrl(req) {
      h.calls.push(`create ${req.fileName} ${req.fileType} ${req.projectId} ${req.fileSize}`);
      return { uploadUrl: 'https://storage.test/upload', publicUrl: `https://storage.test/${req.fileName}`, maskId: 'm1', key: `k/${req.fileName}` };
    },
    async setPublicAcl(req) {
      h.calls.push(`acl ${req.key}`);
    },
    async put(url, init) {
      h.calls.push('put');
      h.uploads.push({ url, body: init.body as Blob, contentType: init.headers['Content-Type'] ?? '' });
      const status = opts.putStatus ?? 200;
      return { ok: status < 300, status };
    },
  };
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  act(() =>
    root?.render(
      <MaskModal
        model={h.model}
        client={client}
        projectId={opts.projectId === undefined ? 'proj_1' : opts.projectId}
        onClose={() => h.closes++}
        onToast={(m) => h.toasts.push(m)}
        onMaskSaved={(a) => h.saved.push(a)}
        addAsset={(a) => void h.assets.push(a)}
        confirm={() => opts.confirm ?? true}
        now={() => new Date('2026-11-22T01:02:03.004Z')}
      />,
    ),
  );
  return h;
}

function canvas(): HTMLCanvasElement {
  const c = document.querySelector<HTMLCanvasElement>('[data-testid="mask-canvas"]');
  if (!c) throw new Error('no canvas');
  return c;
}

/** Dispatches a pointer event at drawing px (x, y) of the 800x800 canvas, whatever its on-screen size. */
function pointer(type: string, x: number, y: number, init: PointerEventInit = {}): void {
  const c = canvas();
  const r = c.getBoundingClientRect();
  const ev = new PointerEvent(type, {
    bubbles: true,
    cancelable: true,
    pointerId: 1,
    clientX: r.left + (x * r.width) / 800,
    clientY: r.top + (y * r.height) / 800,
    button: 0,
    ...init,
  });
  act(() => {
    c.dispatchEvent(ev);
  });
}

function click(x: number, y: number): void {
  pointer('pointerdown', x, y);
  pointer('pointerup', x, y);
}

function key(k: string, init: KeyboardEventInit = {}, target: EventTarget = window): void {
  act(() => {
    target.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true, ...init }));
  });
}

function button(name: string): HTMLButtonElement {
  const b = [...document.querySelectorAll<HTMLButtonElement>('button')].find((x) => x.textContent?.trim() === name || x.getAttribute('aria-label') === name);
  if (!b) throw new Error(`no button ${name}`);
  return b;
}

/** Clicks a save button and waits (up to 10 s, the machine is shared) for the toast it ends with. */
async function press(name: string, h: Harness): Promise<void> {
  const before = h.toasts.length;
  await act(async () => {
    button(name).click();
  });
  for (let i = 0; i < 400 && h.toasts.length === before; i++) await act(() => new Promise((r) => setTimeout(r, 25)));
  await act(() => new Promise((r) => setTimeout(r, 0))); // let the finally block re-enable the buttons
}

function drawShapeAndStroke(): void {
  click(100, 100);
  click(400, 100);
  click(250, 400);
  click(104, 104); // closed filled triangle
  key('b');
  pointer('pointerdown', 500, 600);
  pointer('pointermove', 600, 600);
  pointer('pointermove', 700, 620);
  pointer('pointerup', 700, 620);
}

async function pixels(blob: Blob): Promise<(x: number, y: number) => [number, number, number, number]> {
  const bmp = await createImageBitmap(blob);
  const c = document.createElement('canvas');
  c.width = bmp.width;
  c.height = bmp.height;
  const ctx = c.getContext('2d', { willReadFrequently: true });
  if (!ctx) throw new Error('no 2d');
  ctx.drawImage(bmp, 0, 0);
  const data = ctx.getImageData(0, 0, c.width, c.height).data;
  return (x, y) => {
    const i = (y * c.width + x) * 4;
    return [data[i] ?? -1, data[i + 1] ?? -1, data[i + 2] ?? -1, data[i + 3] ?? -1];
  };
}

describe('Draw Freehand Mask modal in Chromium', () => {
  it('saves a PNG whose pixels are a black shape and stroke on white, 800x800', async () => {
    const h = mount();
    expect(button('Save as PNG').disabled).toBe(true);
    drawShapeAndStroke();
    expect(h.model.getState().items.map((i) => i.kind)).toEqual(['path', 'stroke']);
    expect(button('Save as PNG').disabled).toBe(false);
    await press('Save as PNG', h);
    const name = 'hand-drawn-mask-2026-11-22T01-02-03.004Z.png';
    expect(h.toasts).toEqual([`Mask saved: ${name}`]);
    expect(h.calls[0]).toMatch(new RegExp(`^create ${name.replace(/\./g, '\\.')} image/png proj_1 \\d+$`));
    expect(h.calls.slice(1)).toEqual(['put', `acl k/${name}`]);
    expect(h.uploads[0]?.contentType).toBe('image/png');
    expect(h.saved).toEqual([{ id: 'm1', name, type: 'image', url: `https://storage.test/${name}`, key: `k/${name}` }]);
    expect(h.assets).toEqual(h.saved);
    expect(h.closes).toBe(1);
    const blob = h.uploads[0]?.body;
    if (!blob) throw new Error('no upload');
    const bmp = await createImageBitmap(blob);
    expect([bmp.width, bmp.height]).toEqual([800, 800]);
    const px = await pixels(blob);
    expect(px(250, 200)).toEqual([0, 0, 0, 255]); // inside the triangle
    expect(px(50, 50)).toEqual([255, 255, 255, 255]); // background
    expect(px(390, 350)).toEqual([255, 255, 255, 255]); // beside the triangle's slanted edge
    expect(px(550, 600)).toEqual([0, 0, 0, 255]); // on the brush stroke
    expect(px(550, 620)).toEqual([255, 255, 255, 255]); // 20 px off a 10 px stroke
  });

  it('saves an SVG that parses and holds the path', async () => {
    const h = mount();
    drawShapeAndStroke();
    await press('Save as SVG', h);
    const blob = h.uploads[0]?.body;
    expect(h.uploads[0]?.contentType).toBe('image/svg+xml');
    const text = await blob?.text();
    const doc = new DOMParser().parseFromString(text ?? '', 'image/svg+xml');
    expect(doc.querySelector('parsererror')).toBeNull();
    const paths = [...doc.querySelectorAll('path')].map((p) => [p.getAttribute('d'), p.getAttribute('fill')]);
    expect(paths).toEqual([
      ['M100 100 L400 100 L250 400 Z', '#000000'],
      ['M500 600 L600 600 L700 620', 'none'],
    ]);
    expect(h.toasts).toEqual(['Mask saved: hand-drawn-mask-2026-11-22T01-02-03.004Z.svg']);
  });

  it('a failed upload shows the spec toast and keeps the modal open', async () => {
    const h = mount({ putStatus: 500 });
    drawShapeAndStroke();
    await press('Save as PNG', h);
    expect(h.toasts).toEqual(['Export failed: Upload failed with status 500']);
    expect(h.closes).toBe(0);
    expect(button('Save as PNG').disabled).toBe(false);
  });

  it('without a project the save reports No active project', async () => {
    const h = mount({ projectId: null });
    drawShapeAndStroke();
    await press('Save as SVG', h);
    expect(h.toasts).toEqual(['Export failed: No active project']);
    expect(h.calls).toEqual([]);
  });

  it('closes on Esc, the x button, Cancel and an overlay click, not on a canvas click', () => {
    const h = mount();
    key('Escape');
    act(() => button('Close').click());
    act(() => button('Cancel').click());
    const overlay = document.querySelector<HTMLElement>('[data-testid="mask-modal-overlay"]');
    act(() => {
      overlay?.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
      overlay?.click();
    });
    expect(h.closes).toBe(4);
    click(300, 300);
    expect(h.closes).toBe(4);
  });

  it('shortcuts drive the model, are ignored in text inputs, and the Fill box shows only for the pen', () => {
    const h = mount();
    expect(document.body.textContent).toContain('Fill');
    key('b');
    expect(h.model.getState().tool).toBe('brush');
    expect([...document.querySelectorAll('label')].some((l) => l.textContent === 'Fill')).toBe(false);
    key(']');
    expect(h.model.getState().brushSize).toBe(12);
    const input = document.createElement('input');
    document.body.appendChild(input);
    key('e', {}, input);
    expect(h.model.getState().tool).toBe('brush');
    input.remove();
    pointer('pointerdown', 10, 10);
    pointer('pointermove', 50, 50);
    // React derives onPointerLeave from pointerout towards an element outside the canvas.
    pointer('pointerout', 50, 50, { relatedTarget: document.body });
    expect(h.model.getState().activeStroke).toBeNull();
    expect(h.model.getState().items).toHaveLength(1);
    key('z', { ctrlKey: true });
    expect(h.model.getState().items).toHaveLength(0);
    key('y', { ctrlKey: true });
    expect(h.model.getState().items).toHaveLength(1);
    key('Delete');
    expect(h.model.getState().items).toHaveLength(0);
  });

  it('rejects a non-image background file with the spec toast', () => {
    const h = mount();
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    expect(input.accept).toBe('image/*');
    const dt = new DataTransfer();
    dt.items.add(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    input.files = dt.files;
    act(() => {
      input.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(h.toasts).toEqual(['Please select a valid image file']);
  });

  it('loads an image background with the success toast', async () => {
    const h = mount();
    const c = document.createElement('canvas');
    c.width = 4;
    c.height = 2;
    const png = await new Promise<Blob | null>((r) => c.toBlob(r, 'image/png'));
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input || !png) throw new Error('setup');
    const dt = new DataTransfer();
    dt.items.add(new File([png], 'ref.png', { type: 'image/png' }));
    input.files = dt.files;
    act(() => {
      input.dispatchEvent(new Event('change', { bubbles: true }));
    });
    for (let i = 0; i < 400 && h.toasts.length === 0; i++) await act(() => new Promise((r) => setTimeout(r, 25)));
    expect(h.toasts).toEqual(['Background image loaded: ref.png']);
    expect(h.model.getState().backgroundImage).toMatchObject({ width: 4, height: 2, label: 'ref.png' });
    expect(document.querySelector('[data-testid="mask-background"] img')).not.toBeNull();
    if ((import.meta as { env?: Record<string, string | undefined> }).env?.['VITE_MASK_SCREENSHOT']) {
      await page.viewport(1280, 960);
      drawShapeAndStroke();
      click(600, 200);
      click(700, 300);
      await page.screenshot({ path: '../../__screenshots__/mask-modal.png' });
    }
  });
});
