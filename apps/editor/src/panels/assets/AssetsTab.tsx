import type { Asset } from '@beamstage/layers';
import { useCallback, useEffect, useState } from 'react';
import type { EditorContext } from '../../actions/context';
import type { ApiClient } from '../../api/client';
import { readBrowserStorage } from '../../files/browser-storage';
import type { BrowserStorage } from '../../files/browser-storage';
import { assetFromUpload } from '../../media/media-layer';
import { detectMediaType, readHead } from '../../media/sniff';
import { startUpload } from '../../media/upload-file';
import type { UploadQueue } from '../../media/upload-queue';
import type { OfflineMedia } from '../../media/use-offline-media';
import { useUploadItems } from '../../media/use-upload-items';
import { AssetsPanelView } from './AssetsPanelView';
import type { StorageMeter } from './AssetsPanelView';
import { deleteAssetOptimistic } from './delete-asset';

/** The Assets tab wired to the live project, the upload queue and the asset routes. */
export function AssetsTab({
  ctx,
  api,
  queue,
  assets,
  readOnly,
  offline,
}: {
  ctx: EditorContext;
  api: ApiClient;
  queue: UploadQueue;
  assets: readonly Asset[];
  readOnly: boolean;
  offline?: OfflineMedia;
}) {
  const uploads = useUploadItems(queue);
  const [storage, setStorage] = useState<StorageMeter | null>(null);
  const [browserStorage, setBrowserStorage] = useState<BrowserStorage | null>(null);
  const refreshStorage = useCallback(() => {
    api.request<StorageMeter>('GET', '/storage-usage').then(setStorage, () => undefined);
    // The offline copies grow with each upload (asset Blobs): the browser's own figures too.
    readBrowserStorage().then(setBrowserStorage, () => undefined);
  }, [api]);
  useEffect(refreshStorage, [refreshStorage]);

  const upload = (files: File[]) => {
    for (const file of files) {
      void (async () => {
        const kind = detectMediaType(await readHead(file))?.kind ?? 'image';
        const started = await startUpload(queue, file, kind);
        if (!started.ok) return ctx.toast(started.reason, 'error');
        started.done.then(
          (result) => {
            ctx.live.edit({ kind: 'add-asset', asset: { ...assetFromUpload(started.file, result, ctx.projectId, '', ctx.now()), layerId: undefined } });
            refreshStorage();
          },
          (err: Error & { cancelled?: boolean }) => {
            if (!err.cancelled) ctx.toast(err.message, 'error');
            refreshStorage();
          },
        );
      })();
    }
  };

  const remove = (asset: Asset) => {
    deleteAssetOptimistic(asset, {
      remove: (a) => ctx.live.edit({ kind: 'remove-asset', id: a.id }),
      restore: (a) => ctx.live.edit({ kind: 'add-asset', asset: a }),
      deleteRemote: (key) => api.request('POST', '/assets/delete', { key }),
    }).then(refreshStorage, (error: unknown) =>
      ctx.toast(`"${asset.name}" could not be deleted: ${error instanceof Error ? error.message : String(error)}`, 'error'),
    );
  };

  return (
    <AssetsPanelView
      assets={assets}
      uploads={uploads}
      storage={storage}
      browserStorage={browserStorage}
      readOnly={readOnly}
      offlineIds={offline?.cachedIds}
      localSrc={offline?.local}
      onUpload={upload}
      onCancelUpload={(id) => queue.cancel(id)}
      onRename={(id, name) => ctx.live.edit({ kind: 'rename-asset', id, name })}
      onDelete={remove}
    />
  );
}
