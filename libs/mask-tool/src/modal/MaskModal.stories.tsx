// Storybook (CSF3) states of the mask modal. Types are structural so this file typechecks before
// the workspace Storybook is installed; @storybook/react-vite reads it as plain CSF.
import type { ComponentProps } from 'react';
import type { MasksClient, SerializedMask } from '../index';
import { MaskDriver, MaskModel, serializeMask } from '../index';
import { MaskModal } from './MaskModal';

type Args = ComponentProps<typeof MaskModal>;

const log =
  (label: string) =>
  (...args: unknown[]) =>
    console.info(`[story] ${label}`, ...args);

/** A masks client that answers after a delay; its upload fails when fail is true. */
function storyClient(fail = false, delayMs = 600): MasksClient {
  const wait = () => new Promise((r) => setTimeout(r, delayMs));
  return {
    async createUploadUrl(req) {
      await wait();
      return {
        uploadUrl: 'https://storage.example/upload',
        publicUrl: `https://storage.example/${req.fileName}`,
        maskId: 'mask-story',
        key: `story/${req.fileName}`,
      };
    },
    async setPublicAcl() {
      await wait();
    },
    async put() {
      await wait();
      return fail ? { ok: false, status: 500 } : { ok: true, status: 200 };
    },
  };
}

function sampleDrawing(): SerializedMask {
  const d = new MaskDriver(new MaskModel());
  d.polygon([
    { x: 160, y: 140 },
    { x: 520, y: 120 },
    { x: 640, y: 420 },
    { x: 300, y: 560 },
  ]);
  d.drag([
    { x: 120, y: 640 },
    { x: 180, y: 600 },
  ]);
  d.drag([
    { x: 380, y: 700 },
    { x: 440, y: 650 },
  ]);
  d.click(660, 700);
  d.key('b');
  d.model.setBrushSize(24);
  d.drag([
    { x: 560, y: 560 },
    { x: 620, y: 600 },
    { x: 700, y: 580 },
    { x: 740, y: 640 },
  ]);
  d.key('e');
  d.drag([
    { x: 300, y: 300 },
    { x: 420, y: 320 },
  ]);
  d.key('p');
  d.click(80, 80).drag([
    { x: 200, y: 60 },
    { x: 240, y: 40 },
  ]);
  const s = d.model.getState();
  return serializeMask(s.items, s.currentPath);
}

const sampleLayer = {
  id: 'layer-photo',
  type: 'image',
  width: 400,
  height: 400,
  content: {
    src: `data:image/svg+xml;utf8,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><defs><linearGradient id="g"><stop offset="0" stop-color="#2a6df4"/><stop offset="1" stop-color="#f4a62a"/></linearGradient></defs><rect width="400" height="300" fill="url(#g)"/><circle cx="200" cy="150" r="90" fill="#fff" opacity=".6"/></svg>')}`,
  },
};

const meta = {
  title: 'Mask tool/Draw Freehand Mask',
  component: MaskModal,
  parameters: { layout: 'fullscreen' },
  args: {
    onClose: log('close'),
    onToast: log('toast'),
    onMaskSaved: log('mask saved'),
    projectId: 'proj_story',
    client: storyClient(),
    confirm: () => true,
  } satisfies Partial<Args>,
};
export default meta;

/** Just opened: empty canvas, save buttons disabled. */
export const Empty = { args: {} satisfies Partial<Args> };

/** A closed filled shape, an open curve with handles, brush and eraser strokes, a path in progress. */
export const WithDrawing = { args: { initialDrawing: sampleDrawing() } satisfies Partial<Args> };

/** Opened from an image layer: the layer shows behind the drawing at 30 %. */
export const WithLayerBackground = { args: { layer: sampleLayer, initialDrawing: sampleDrawing() } satisfies Partial<Args> };

/** Saving fails at the upload: the toast reads 'Export failed: Upload failed with status 500'. */
export const UploadFails = { args: { initialDrawing: sampleDrawing(), client: storyClient(true) } satisfies Partial<Args> };

/** No active project: saving reports 'Export failed: No active project'. */
export const NoProject = { args: { initialDrawing: sampleDrawing(), projectId: null } satisfies Partial<Args> };

/** Exports with an 8 px feathered edge (beyond the spec). */
export const Feathered = { args: { initialDrawing: sampleDrawing(), featherPx: 8 } satisfies Partial<Args> };
