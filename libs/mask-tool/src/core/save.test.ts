import { describe, expect, it } from 'vitest';
import type { MasksClient, SavedMaskAsset } from './save';
import { maskFileName, saveMask } from './save';

function fakeClient(putStatus = 200) {
  const calls: string[] = [];
  const client: MasksClient = {
    async createUploadUrl(req) {
      calls.push(`create ${JSON.stringify(req)}`);
      return { uploadUrl: 'http://s3.local/up?sig=1', publicUrl: 'http://s3.local/m.png', maskId: 'mask-1', key: 'u/1/p/2/m.png' };
    },
    async setPublicAcl(req) {
      calls.push(`acl ${req.key}`);
    },
    async put(url, init) {
      calls.push(`put ${url} ${init.headers['Content-Type']} ${init.body.size}`);
      return { ok: putStatus >= 200 && putStatus < 300, status: putStatus };
    },
  };
  return { client, calls };
}

describe('mask save sequence', () => {
  it('names files with the timestamp colons replaced by dashes', () => {
    expect(maskFileName('2026-11-22T00:53:39.123Z', 'png')).toBe('hand-drawn-mask-2026-11-22T00-53-39.123Z.png');
    expect(maskFileName('2026-11-22T00:53:39.123Z', 'svg')).toBe('hand-drawn-mask-2026-11-22T00-53-39.123Z.svg');
  });

  it('requests the address, PUTs with the blob type, marks it public, adds the asset, in that order', async () => {
    const { client, calls } = fakeClient();
    const added: SavedMaskAsset[] = [];
    const body = new Blob(['<svg/>'], { type: 'image/svg+xml' });
    const asset = await saveMask({ client, body, fileName: 'hand-drawn-mask-x.svg', projectId: 'proj_1', addAsset: (a) => void added.push(a) });
    expect(calls).toEqual([
      'create {"fileName":"hand-drawn-mask-x.svg","fileType":"image/svg+xml","projectId":"proj_1","fileSize":6}',
      'put http://s3.local/up?sig=1 image/svg+xml 6',
      'acl u/1/p/2/m.png',
    ]);
    expect(asset).toEqual({ id: 'mask-1', name: 'hand-drawn-mask-x.svg', type: 'image', url: 'http://s3.local/m.png', key: 'u/1/p/2/m.png' });
    expect(added).toEqual([asset]);
  });

  it('a non-ok PUT throws the spec message and nothing is made public or added', async () => {
    const { client, calls } = fakeClient(403);
    const added: SavedMaskAsset[] = [];
    await expect(
      saveMask({ client, body: new Blob(['x'], { type: 'image/png' }), fileName: 'f.png', projectId: 'p', addAsset: (a) => void added.push(a) }),
    ).rejects.toThrow('Upload failed with status 403');
    expect(calls.some((c) => c.startsWith('acl'))).toBe(false);
    expect(added).toEqual([]);
  });

  it('without an active project it throws No active project and calls nothing', async () => {
    const { client, calls } = fakeClient();
    await expect(saveMask({ client, body: new Blob(['x']), fileName: 'f.png', projectId: null, addAsset: () => undefined })).rejects.toThrow(
      'No active project',
    );
    expect(calls).toEqual([]);
  });
});
