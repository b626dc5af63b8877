import { useMemo } from 'react';
import type { ApiClient } from '../api/client';
import { assetsApi } from './assets-api';
import { createUploadQueue } from './upload-queue';
import type { UploadQueue, XhrLike } from './upload-queue';

/** One upload queue per open project, over the browser's XMLHttpRequest (fetch has no upload progress). */
export function useUploadQueue(projectId: string, api: ApiClient): UploadQueue {
  return useMemo(() => createUploadQueue({ api: assetsApi(api), projectId, createXhr: () => new XMLHttpRequest() as unknown as XhrLike }), [api, projectId]);
}
