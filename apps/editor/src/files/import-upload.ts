import type { ApiClient } from '../api/client';
import { assetsApi } from '../media/assets-api';
import { createUploadQueue } from '../media/upload-queue';
import type { XhrLike } from '../media/upload-queue';
import type { UploadAsset } from './import-project-file';

/** Zip files uploaded through the media upload queue of the new project (presigned PUT, set-public-acl). */
export function importUploader(api: ApiClient): UploadAsset {
  return (projectId, file) => {
    const queue = createUploadQueue({ api: assetsApi(api), projectId, createXhr: () => new XMLHttpRequest() as unknown as XhrLike, concurrency: 1 });
    return queue.add({ name: file.name, type: file.mimeType, size: file.bytes.length, body: new Blob([file.bytes as BlobPart], { type: file.mimeType }) }).done;
  };
}
