// More modal behaviour in Chromium: busy state, layer backgrounds, panning, feathering, the global
// open API, and every story rendering.
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import type { MasksClient, MaskTool } from '../index';
import { MaskDriver, MaskModel } from '../index';
import { MaskModal } from './MaskModal';
import * as stories from './MaskModal.stories';
import { MaskModalHost } from './MaskModalHost';
import { ViewPainter, renderMaskPng } from './paint';
import { closeMaskModal, openMaskModal } from './store';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
let host: HTMLElement | null = null;

afterEach(() => {
  act(() => root?.unmount());
  host?.remove();
  root = null;
  closeMaskModal();
});

function render(node: React.ReactNode): void {
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  act(() => root?.render(node));
}

const q = <T extends Element>(sel: string): T | null => document.querySelector<T>(sel);
const buttonByText = (t: string) => [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === t);
const tick = (ms = 25) => act(() => new Promise<void>((r) => setTimeout(r, ms)));

function pointerAt(type: string, x: number, y: number, init: PointerEventInit = {}): PointerEvent {
  const c = q<HTMLCanvasElement>('[data-testid="mask-canvas"]');
  if (!c) throw new Error('no canvas');
  const r = c.getBoundingClientRect();
  const ev = new PointerEvent(type, {
    bubbles: true,
    cancelable: true,
    clientX: r.left + (x * r.width) / 800,
    clientY: r.top + (y * r.height) / 800,
    button: 0,
    ...init,
  });
  act(() => {
    c.dispatchEvent(ev);
  });
  return ev;
}

describe('mask modal states', () => {
  it('reads Saving... and disables both save buttons while a save runs', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const client: MasksClient = {
      async createUploadUrl() {
        await gate;
        return { uploadUrl: 'u', publicUrl: 'p', maskId: 'm', key: 'k' };
      },
      async setPublicAcl() {
        /* accepted */
      },
      async put() {
        return { ok: true, status: 200 };
      },
    };
    const model = new MaskModel();
    new MaskDriver(model).polygon([
      { x: 10, y: 10 },
      { x: 200, y: 10 },
      { x: 100, y: 200 },
    ]);
    const toasts: string[] = [];
    render(<MaskModal model={model} client={client} projectId="p1" onClose={() => undefined} onToast={(m) => toasts.push(m)} />);
    await act(async () => {
      buttonByText('Save as PNG')?.click();
    });
    for (let i = 0; i < 200 && !buttonByText('Saving...'); i++) await tick();
    expect(buttonByText('Saving...')?.disabled).toBe(true);
    expect(buttonByText('Save as SVG')?.disabled).toBe(true);
    release();
    for (let i = 0; i < 400 && toasts.length === 0; i++) await tick();
    expect(toasts[0]).toMatch(/^Mask saved: hand-drawn-mask-.*\.png$/);
  });

  it('shows an image layer as the background at 30 % and logs unsupported layer types', async () => {
    const logs: string[] = [];
    const model = new MaskModel();
    const src = 'data:image/svg+xml;utf8,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22 width=%222%22 height=%222%22/%3E';
    render(<MaskModal model={model} layer={{ id: 'img1', type: 'giphy', content: { src } }} onClose={() => undefined} log={(m) => logs.push(m)} />);
    expect(model.getState().backgroundImage?.src).toBe(src);
    expect(model.getState().backgroundOpacity).toBe(0.3);
    expect(q<HTMLElement>('[data-testid="mask-background"]')?.style.opacity).toBe('0.3');
    act(() => root?.unmount());
    const other = new MaskModel();
    render(<MaskModal model={other} layer={{ id: 'h1', type: 'html', content: {} }} onClose={() => undefined} log={(m) => logs.push(m)} />);
    expect(other.getState().backgroundImage).toBeNull();
    expect(logs).toEqual(['Layer type html is not supported as a mask background']);
  });

  it('middle-button drag pans without drawing, and the context menu is disabled', () => {
    const model = new MaskModel();
    render(<MaskModal model={model} onClose={() => undefined} />);
    pointerAt('pointerdown', 100, 100, { button: 1 });
    pointerAt('pointermove', 150, 130);
    pointerAt('pointerup', 150, 130);
    expect(model.getState().view.panX).toBeCloseTo(50, 0);
    expect(model.getState().view.panY).toBeCloseTo(30, 0);
    expect(model.getState().currentPath).toBeNull();
    const ctx = pointerAt('contextmenu', 10, 10, { button: 2 });
    expect(ctx.defaultPrevented).toBe(true);
  });

  it('a stroke in progress repaints only itself; finished items are painted once per change', () => {
    const model = new MaskModel();
    const painter = new ViewPainter();
    render(<MaskModal model={model} painter={painter} onClose={() => undefined} />);
    act(() => buttonByText('Brush')?.click());
    const before = painter.itemPaints;
    pointerAt('pointerdown', 100, 100);
    for (let x = 110; x < 300; x += 10) pointerAt('pointermove', x, 100);
    expect(painter.itemPaints).toBe(before);
    pointerAt('pointerup', 300, 100);
    expect(painter.itemPaints).toBe(before + 1);
    const ctx = q<HTMLCanvasElement>('[data-testid="mask-canvas"]')?.getContext('2d');
    expect(ctx?.getImageData(200, 100, 1, 1).data[3]).toBe(255); // the committed stroke is on screen
    expect(ctx?.getImageData(200, 130, 1, 1).data[3]).toBe(0);
  });

  it('wheel over the canvas zooms around the pointer', () => {
    const model = new MaskModel();
    render(<MaskModal model={model} onClose={() => undefined} />);
    const c = q<HTMLCanvasElement>('[data-testid="mask-canvas"]');
    const r = c?.getBoundingClientRect();
    if (!c || !r) throw new Error('no canvas');
    act(() => {
      c.dispatchEvent(new WheelEvent('wheel', { deltaY: -100, clientX: r.left + r.width / 2, clientY: r.top + r.height / 2, bubbles: true, cancelable: true }));
    });
    expect(model.getState().view.zoom).toBeCloseTo(1.1);
    expect(q('.bsm-zoom')?.textContent).toBe('110%');
  });

  it('a feathered PNG has grey edges, a hard one only black and white', async () => {
    const model = new MaskModel();
    new MaskDriver(model).polygon([
      { x: 100, y: 100 },
      { x: 700, y: 100 },
      { x: 700, y: 700 },
      { x: 100, y: 700 },
    ]);
    const edge = async (featherPx: number) => {
      const blob = await renderMaskPng(model.getState().items, featherPx);
      if (!blob) throw new Error('no png');
      const bmp = await createImageBitmap(blob);
      const c = document.createElement('canvas');
      c.width = 800;
      c.height = 800;
      const ctx = c.getContext('2d');
      ctx?.drawImage(bmp, 0, 0);
      return ctx?.getImageData(97, 400, 1, 1).data[0]; // 3 px outside the path, 2 px outside its stroke
    };
    expect(await edge(0)).toBe(255);
    const soft = await edge(16);
    expect(soft).toBeGreaterThan(0);
    expect(soft).toBeLessThan(255);
  });

  it('eraser marks are white in the PNG, over earlier ink only', async () => {
    const model = new MaskModel();
    const d = new MaskDriver(model);
    d.polygon([
      { x: 100, y: 100 },
      { x: 700, y: 100 },
      { x: 700, y: 700 },
      { x: 100, y: 700 },
    ]);
    d.key('e');
    d.model.setBrushSize(40);
    d.drag([
      { x: 200, y: 400 },
      { x: 600, y: 400 },
    ]);
    d.key('b');
    d.drag([
      { x: 400, y: 300 },
      { x: 400, y: 500 },
    ]); // ink after the eraser covers it again
    const blob = await renderMaskPng(model.getState().items);
    if (!blob) throw new Error('no png');
    const bmp = await createImageBitmap(blob);
    const c = document.createElement('canvas');
    c.width = 800;
    c.height = 800;
    const ctx = c.getContext('2d');
    ctx?.drawImage(bmp, 0, 0);
    const red = (x: number, y: number) => ctx?.getImageData(x, y, 1, 1).data[0];
    expect(red(300, 400)).toBe(255); // erased
    expect(red(300, 300)).toBe(0); // ink beside the eraser track
    expect(red(400, 400)).toBe(0); // brush over the eraser
  });

  it('openMaskModal shows the modal from anywhere; a new opening starts empty with no background', async () => {
    render(<MaskModalHost projectId="p1" />);
    expect(q('[role="dialog"]')).toBeNull();
    act(() => openMaskModal({ layer: { id: 'l', type: 'image', content: { src: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=' } } }));
    expect(q('#bsm-title')?.textContent).toBe('Draw Freehand Mask');
    expect(q('[data-testid="mask-background"]')).not.toBeNull();
    pointerAt('pointerdown', 10, 10);
    pointerAt('pointerup', 10, 10);
    pointerAt('pointerdown', 300, 10);
    pointerAt('pointerup', 300, 10);
    expect(buttonByText('Save as PNG')?.disabled).toBe(false);
    act(() => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    expect(q('[role="dialog"]')).toBeNull();
    act(() => openMaskModal({}));
    expect(q('[role="dialog"]')).not.toBeNull();
    expect(buttonByText('Save as PNG')?.disabled).toBe(true);
    expect(q('[data-testid="mask-background"]')).toBeNull();
  });

  it('every story renders the modal', async () => {
    const { default: meta, ...named } = stories;
    expect(Object.keys(named).length).toBeGreaterThanOrEqual(5);
    for (const [name, story] of Object.entries(named)) {
      render(<MaskModal {...meta.args} {...story.args} />);
      expect(q('#bsm-title')?.textContent, name).toBe('Draw Freehand Mask');
      act(() => root?.unmount());
      host?.remove();
    }
    root = null;
    const shot = (import.meta as { env?: Record<string, string | undefined> }).env?.['VITE_MASK_SCREENSHOT'];
    if (shot) {
      await page.viewport(1280, 960);
      render(<MaskModal {...meta.args} {...stories.WithLayerBackground.args} />);
      await tick(300);
      expect(q('[data-testid="mask-background"]')).not.toBeNull();
      await page.screenshot({ path: '../../__screenshots__/mask-modal-story.png' });
    }
  });

  it('the tool buttons and Fill box follow the tool', () => {
    const model = new MaskModel();
    render(<MaskModal model={model} onClose={() => undefined} />);
    const pressed = () => [...document.querySelectorAll('[aria-pressed="true"]')].map((b) => b.textContent);
    for (const [label, tool] of [
      ['Brush', 'brush'],
      ['Eraser', 'eraser'],
      ['Pen', 'pen'],
    ] as [string, MaskTool][]) {
      act(() => buttonByText(label)?.click());
      expect(model.getState().tool).toBe(tool);
      expect(pressed()).toEqual([label]);
      expect(Boolean(q('input[type="checkbox"]'))).toBe(tool === 'pen');
    }
  });
});
