import { createDefaultProject, createLayer } from '@beamstage/layers';
import { describe, expect, it } from 'vitest';
import { fnv1a, offlinePlan } from './offline-plan';

describe('offline plan', () => {
  it('lists media to cache, reports streams and web pages, versions by content', () => {
    const project = createDefaultProject({ id: 'prj_1' as never, nowMs: 0, name: 'Show' });
    const image = createLayer('image', { id: 'a' as never, name: 'Logo' });
    image.content = { src: '/app/editor/samples/logo.png' };
    const video = createLayer('video', { id: 'b' as never, name: 'Clip' });
    video.content = { ...video.content, src: 'https://s3.example/clip.mp4' };
    const inline = createLayer('mask', { id: 'c' as never, name: 'Mask' });
    const web = createLayer('url', { id: 'd' as never, name: 'Weather page' });
    const stream = createLayer('rtmp', { id: 'e' as never, name: 'Camera' });
    const plan = offlinePlan({ ...project, layers: [image, video, inline, web, stream] }, 'https://studio.example/projector/prj_1');
    expect(plan.media).toEqual(['https://s3.example/clip.mp4', 'https://studio.example/app/editor/samples/logo.png']);
    expect(plan.notCached).toEqual(['Weather page', 'Camera']);
    const moved = offlinePlan({ ...project, layers: [{ ...image, x: 1 }] }, 'https://studio.example/');
    expect(moved.version).not.toBe(offlinePlan({ ...project, layers: [image] }, 'https://studio.example/').version);
    expect(fnv1a('')).toBe('811c9dc5');
  });
});
