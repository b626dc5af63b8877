import { createDefaultProject, createLayer, exportProjectZip, importProjectZip } from '@beamstage/layers';
import type { AssetId, Layer, LayerId, ProjectId, ProjectJson } from '@beamstage/layers';
import { describe, expect, it } from 'vitest';
import { collectZipFiles, planZipExport, uploadZipAssets } from './zip-assets';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const MP4 = new Uint8Array([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 9, 9]);

function sample(): ProjectJson {
  const p = createDefaultProject({ id: 'proj_1_a' as ProjectId, nowMs: 0 });
  const image = createLayer('image', { id: 'l_img' as LayerId, nowMs: 0 }) as Layer;
  (image.content as { src: string }).src = 'https://app.test/api/assets/public/u/1/p/x/photo.png';
  const video = createLayer('video', { id: 'l_vid' as LayerId, nowMs: 0 }) as Layer;
  (video.content as { src: string }).src = 'https://app.test/api/assets/public/u/1/p/x/clip.mp4';
  const inline = createLayer('image', { id: 'l_inline' as LayerId, nowMs: 0 }) as Layer;
  (inline.content as { src: string }).src = 'data:image/png;base64,AAAA';
  p.layers = [image, video, inline];
  p.assets = [
    { id: 'asset_photo' as AssetId, name: 'photo.png', type: 'image', url: 'https://app.test/api/assets/public/u/1/p/x/photo.png', key: 'u/1/p/x/photo.png' },
  ];
  return p;
}

const bytesOf: Record<string, Uint8Array> = {
  'https://app.test/api/assets/public/u/1/p/x/photo.png': PNG,
  'https://app.test/api/assets/public/u/1/p/x/clip.mp4': MP4,
};
const fetchBytes = async (url: string) => {
  const b = bytesOf[url];
  if (!b) throw new Error('404');
  return b;
};
const srcOf = (p: ProjectJson, id: string) => (p.layers.find((l) => l.id === id)?.content as { src: string }).src;

describe('zip export URL rewriting', () => {
  it('points every carried media URL at its zip path and lists each as an asset', () => {
    const { project, files } = planZipExport(sample());
    expect(files.map((f) => f.path)).toEqual(['assets/asset_photo/photo.png', 'assets/layer_2/clip.mp4']);
    expect(srcOf(project, 'l_img')).toBe('assets/asset_photo/photo.png');
    expect(srcOf(project, 'l_vid')).toBe('assets/layer_2/clip.mp4');
    expect(srcOf(project, 'l_inline')).toBe('data:image/png;base64,AAAA');
    expect(project.assets.map((a) => a.url)).toEqual(['assets/asset_photo/photo.png', 'assets/layer_2/clip.mp4']);
    // The storage key of the old owner does not travel.
    expect(project.assets[0]?.key).toBeUndefined();
  });

  it('round trip: export, import, upload gives the same pixels source at new URLs', async () => {
    const original = sample();
    const collected = await collectZipFiles(planZipExport(original), fetchBytes);
    expect(collected.missing).toEqual([]);
    const zip = await exportProjectZip(collected.project, collected.files);
    const imported = await importProjectZip(zip.bytes, { nowMs: 5 });
    expect(imported.project.id).not.toBe(original.id);
    const uploads: { name: string; bytes: Uint8Array }[] = [];
    const restored = await uploadZipAssets(imported.project, imported.assets, async (f) => {
      uploads.push({ name: f.name, bytes: f.bytes });
      return { publicUrl: `https://new.test/public/${f.name}`, key: `u/2/${f.name}` };
    });
    expect(uploads.map((u) => u.name).sort()).toEqual(['clip.mp4', 'photo.png']);
    expect(uploads.find((u) => u.name === 'photo.png')?.bytes).toEqual(PNG);
    expect(srcOf(restored, 'l_img')).toBe('https://new.test/public/photo.png');
    expect(srcOf(restored, 'l_vid')).toBe('https://new.test/public/clip.mp4');
    expect(srcOf(restored, 'l_inline')).toBe('data:image/png;base64,AAAA');
    expect(restored.assets.find((a) => a.name === 'photo.png')?.key).toBe('u/2/photo.png');
  });

  it('a file that cannot be fetched keeps its original URL', async () => {
    const p = sample();
    (p.layers[1]!.content as { src: string }).src = 'https://gone.test/x.mp4';
    const collected = await collectZipFiles(planZipExport(p), fetchBytes);
    expect(collected.missing).toEqual(['x.mp4']);
    expect(srcOf(collected.project, 'l_vid')).toBe('https://gone.test/x.mp4');
  });

  it('uploads only files the project lists', async () => {
    const p = planZipExport(sample()).project;
    const stray = { path: 'assets/evil/evil.png', assetId: null, name: 'evil.png', mimeType: 'image/png', bytes: PNG };
    const names: string[] = [];
    await uploadZipAssets(p, [stray], async (f) => {
      names.push(f.name);
      return { publicUrl: 'x', key: 'y' };
    });
    expect(names).toEqual([]);
  });
});
