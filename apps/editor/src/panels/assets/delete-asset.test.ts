import type { Asset, AssetId } from '@beamstage/layers';
import { describe, expect, it } from 'vitest';
import { deleteAssetOptimistic } from './delete-asset';

const asset: Asset = { id: 'a1' as AssetId, name: 'wall.png', type: 'image/png', url: 'https://x/a.png', key: 'u/1/p/1/a.png', size: 10 };

function recorder(refuse: boolean) {
  const log: string[] = [];
  return {
    log,
    steps: {
      remove: (a: Asset) => void log.push(`remove ${a.id}`),
      restore: (a: Asset) => void log.push(`restore ${a.id} ${a.name}`),
      deleteRemote: async (key: string) => {
        log.push(`delete ${key}`);
        if (refuse) throw new Error('Forbidden');
      },
    },
  };
}

describe('optimistic asset deletion', () => {
  it('removes first, then deletes the stored file', async () => {
    const r = recorder(false);
    await deleteAssetOptimistic(asset, r.steps);
    expect(r.log).toEqual(['remove a1', 'delete u/1/p/1/a.png']);
  });
  it('puts the asset back and rethrows when the server refuses', async () => {
    const r = recorder(true);
    await expect(deleteAssetOptimistic(asset, r.steps)).rejects.toThrow('Forbidden');
    expect(r.log).toEqual(['remove a1', 'delete u/1/p/1/a.png', 'restore a1 wall.png']);
  });
  it('an asset with no stored file only leaves the project', async () => {
    const r = recorder(true);
    await deleteAssetOptimistic({ ...asset, key: undefined }, r.steps);
    expect(r.log).toEqual(['remove a1']);
  });
});
