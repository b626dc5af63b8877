import { createDefaultProject, createLayer } from '@beamstage/layers';
import type { Asset, AssetId, ProjectId } from '@beamstage/layers';
import { describe, expect, it } from 'vitest';
import { cacheProjectAssets, cachedBlobsByUrl, MAX_CACHED_ASSET_BYTES, withLocalMedia } from './asset-cache';
import { createLocalDb, memoryKv } from './local-db';

const db = () => createLocalDb({ projects: memoryKv(), assets: memoryKv(), backups: memoryKv(), meta: memoryKv() }, () => undefined);
const asset = (id: string, url: string | undefined, size = 3): Asset => ({
  id: id as AssetId,
  name: `${id}.png`,
  type: 'image/png',
  url,
  size,
  created: '2026-11-24T00:00:00.000Z',
});

describe("the offline copy of a project's assets", () => {
  it('stores each asset with a URL once, as a Blob, and keeps failures for the next pass', async () => {
    const local = db();
    const fetched: string[] = [];
    let serverUp = false;
    const deps = {
      db: local,
      fetchBlob: async (url: string) => {
        fetched.push(url);
        if (url.endsWith('/b') && !serverUp) throw new Error('Failed to fetch');
        return new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' });
      },
    };
    const assets = [asset('a', '/api/assets/public/a'), asset('b', '/api/assets/public/b'), asset('inline', undefined)];
    expect(await cacheProjectAssets('proj_1', assets, deps)).toEqual({ stored: ['a'], kept: [], failed: ['b'] });
    serverUp = true;
    expect(await cacheProjectAssets('proj_1', assets, deps)).toEqual({ stored: ['b'], kept: ['a'], failed: [] });
    // a was fetched once: a second pass never downloads what the browser holds.
    expect(fetched.filter((u) => u.endsWith('/a'))).toHaveLength(1);
    const stored = await local.getAsset('proj_1', 'a');
    expect(stored?.data).toBeInstanceOf(Blob);
    expect(stored).toMatchObject({ id: 'a', projectId: 'proj_1', type: 'image/png', size: 3, name: 'a.png' });
    // Another project's store is its own.
    expect(await local.listAssets('proj_2')).toEqual([]);
  });

  it('leaves a file over the size cap online only', async () => {
    const pass = await cacheProjectAssets('p', [asset('film', '/f', MAX_CACHED_ASSET_BYTES + 1)], {
      db: db(),
      fetchBlob: async () => {
        throw new Error('must not be fetched');
      },
    });
    expect(pass).toEqual({ stored: [], kept: [], failed: [] });
  });

  it("finds the cached Blobs by the assets' URLs", async () => {
    const local = db();
    await cacheProjectAssets('p', [asset('a', '/a')], { db: local, fetchBlob: async () => new Blob(['x']) });
    const blobs = await cachedBlobsByUrl('p', [asset('a', '/a'), asset('b', '/b')], local);
    expect([...blobs.keys()]).toEqual(['/a']);
  });

  it('draws layers from local addresses without touching the document', () => {
    const project = createDefaultProject({ id: 'proj_1' as ProjectId, nowMs: 0 });
    const image = createLayer('image', { existing: [], canvas: project.canvas, nowMs: 0 });
    image.content.src = '/api/assets/public/a';
    const other = createLayer('video', { existing: [image], canvas: project.canvas, nowMs: 0 });
    other.content.src = '/api/assets/public/v';
    project.layers = [image, other];
    expect(withLocalMedia(project, new Map())).toBe(project);
    const shown = withLocalMedia(project, new Map([['/api/assets/public/a', 'blob:http://localhost/1']]));
    expect((shown.layers[0]?.content as { src: string }).src).toBe('blob:http://localhost/1');
    expect((shown.layers[1]?.content as { src: string }).src).toBe('/api/assets/public/v');
    expect(image.content.src).toBe('/api/assets/public/a');
  });
});
