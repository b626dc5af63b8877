import '../workspace/workspace.css';
import type { AssetId } from '@beamstage/layers';
import { AddLayerDialog } from './AddLayerDialog';
import { SAMPLE_IMAGE_PATH } from './samples';
import { createUploadQueue } from './upload-queue';
import type { XhrLike } from './upload-queue';

const noop = () => undefined;

/** A queue whose api answers at once and whose PUT never finishes: stories show the dialog at rest. */
const queue = createUploadQueue({
  projectId: 'proj_story',
  api: { createUploadUrl: async () => ({ uploadUrl: 'about:blank', key: 'k' }), setPublicAcl: async () => ({ publicUrl: '' }), deleteKey: async () => ({}) },
  createXhr: () =>
    ({
      open: noop,
      setRequestHeader: noop,
      send: noop,
      abort: noop,
      status: 0,
      upload: { onprogress: null },
      onload: null,
      onerror: null,
      onabort: null,
    }) satisfies XhrLike,
});

const assets = [
  { id: 'asset_1' as AssetId, name: 'facade.png', type: 'image/png', url: `/${SAMPLE_IMAGE_PATH}`, key: 'k1' },
  { id: 'asset_2' as AssetId, name: 'window-left.png', type: 'image/png', url: `/${SAMPLE_IMAGE_PATH}`, key: 'k2' },
  { id: 'asset_3' as AssetId, name: 'loop.webm', type: 'video/webm', url: 'https://cdn.example/loop.webm', key: 'k3' },
];

const policy = { development: false, ownOrigins: ['https://studio.example'] };

export default {
  title: 'Editor/Media/AddLayerDialog',
  component: AddLayerDialog,
  parameters: { layout: 'fullscreen' },
  args: { type: 'image', assets, queue, urlPolicy: policy, sampleImageSrc: `/${SAMPLE_IMAGE_PATH}`, onSource: noop, onUploaded: noop, onClose: noop },
};

export const ImageUpload = {};
export const ImageFromUrl = { args: { initialTab: 'url' } };
export const ImageFromAssets = { args: { initialTab: 'assets' } };
export const Video = { args: { type: 'video' } };
export const VideoNoAssets = { args: { type: 'video', assets: [], initialTab: 'assets' } };
export const WebPage = { args: { type: 'url' } };
export const Gif = { args: { type: 'giphy' } };
export const LiveStream = { args: { type: 'rtmp' } };
