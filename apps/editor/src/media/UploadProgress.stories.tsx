import type { ReactElement } from 'react';
import { UploadProgress } from './UploadProgress';

const base = { id: 1, name: 'cathedral-facade.png', type: 'image/png', loaded: 0, total: 2_400_000, error: null, result: null };

export default {
  title: 'Editor/Media/UploadProgress',
  component: UploadProgress,
  decorators: [(Story: () => ReactElement) => <div style={{ width: 360, padding: 12 }}>{Story()}</div>],
};

export const Uploading = { args: { item: { ...base, state: 'uploading', loaded: 1_000_000 }, onCancel: () => undefined } };
export const Done = { args: { item: { ...base, state: 'done', loaded: base.total } } };
export const QuotaRefused = { args: { item: { ...base, state: 'failed', error: 'Storage limit reached: Your plan allows 104857600 bytes of uploads' } } };
