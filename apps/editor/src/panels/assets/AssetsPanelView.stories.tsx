import type { Asset, AssetId } from '@beamstage/layers';
import { SAMPLE_IMAGE_PATH } from '../../media/samples';
import type { UploadItem } from '../../media/upload-queue';
import { AssetsPanelView } from './AssetsPanelView';

const noop = () => undefined;
const assets: Asset[] = [
  { id: 'asset_1' as AssetId, name: 'facade.png', type: 'image/png', url: `/${SAMPLE_IMAGE_PATH}`, key: 'k1', size: 48_213 },
  { id: 'asset_2' as AssetId, name: 'hand-drawn-mask-2026-11-22T12-00-00.000Z.png', type: 'image', url: `/${SAMPLE_IMAGE_PATH}`, key: 'k2', size: 9_120 },
  { id: 'asset_3' as AssetId, name: 'loop.mp4', type: 'video/mp4', url: '/missing.mp4', key: 'k3', size: 5_400_000 },
];
const uploads: UploadItem[] = [
  { id: 1, name: 'window-left.png', type: 'image/png', state: 'uploading', loaded: 620_000, total: 1_000_000, error: null, result: null },
  {
    id: 2,
    name: 'huge.mp4',
    type: 'video/mp4',
    state: 'failed',
    loaded: 0,
    total: 900_000_000,
    error: 'Storage limit reached: Your plan allows 524288000 bytes of uploads',
    result: null,
  },
];

export default {
  title: 'Editor/Panels/Assets',
  component: AssetsPanelView,
  args: { onUpload: noop, onCancelUpload: noop, onRename: noop, onDelete: noop, readOnly: false },
};

export const WithFiles = { args: { assets, uploads: [], storage: { usedBytes: 5_457_333, limitBytes: 524_288_000 } } };
export const Uploading = { args: { assets, uploads, storage: { usedBytes: 510_000_000, limitBytes: 524_288_000 } } };
export const Empty = { args: { assets: [], uploads: [], storage: { usedBytes: 0, limitBytes: 524_288_000 } } };
export const ViewOnly = { args: { assets, uploads: [], storage: null, readOnly: true } };
/** Two files kept in this browser (shown while the server cannot be reached); the film is online only. */
export const OfflineCopies = {
  args: { assets, uploads: [], storage: { usedBytes: 5_457_333, limitBytes: 524_288_000 }, offlineIds: new Set(['asset_1', 'asset_2']) },
};
/** The browser's own storage beside the offline copies: not persistent, so the warning shows. */
export const BrowserStorageNotPersisted = {
  args: {
    assets,
    uploads: [],
    storage: { usedBytes: 5_457_333, limitBytes: 524_288_000 },
    offlineIds: new Set(['asset_1']),
    browserStorage: { usage: 6_200_000, quota: 2_000_000_000, persisted: false },
  },
};
/** Nearly out of room: the browser may delete the offline copies. */
export const BrowserStorageNearlyFull = {
  args: { assets, uploads: [], storage: null, browserStorage: { usage: 900_000_000, quota: 1_000_000_000, persisted: true } },
};
