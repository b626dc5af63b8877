import type { Asset } from '@beamstage/layers';

export interface DeleteAssetSteps {
  /** Takes the asset out of the project at once. */
  remove(asset: Asset): void;
  /** Puts it back (same id, same fields). */
  restore(asset: Asset): void;
  /** Deletes the stored file; rejects when the server refuses. */
  deleteRemote(key: string): Promise<unknown>;
}

/**
 * Optimistic asset deletion (spec section 4): the asset goes at once; when the cloud delete fails it
 * is restored and the error rethrown for the caller to show.
 */
export async function deleteAssetOptimistic(asset: Asset, steps: DeleteAssetSteps): Promise<void> {
  steps.remove(asset);
  if (!asset.key) return;
  try {
    await steps.deleteRemote(asset.key);
  } catch (error) {
    steps.restore(asset);
    throw error;
  }
}
