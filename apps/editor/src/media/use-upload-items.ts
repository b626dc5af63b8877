import { useSyncExternalStore } from 'react';
import type { UploadItem, UploadQueue } from './upload-queue';

/** The queue's items, re-rendering on every progress event. */
export function useUploadItems(queue: UploadQueue): readonly UploadItem[] {
  return useSyncExternalStore(queue.subscribe, queue.items, queue.items);
}
