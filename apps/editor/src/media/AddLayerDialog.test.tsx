import type { AssetId } from '@beamstage/layers';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AddLayerDialog } from './AddLayerDialog';
import type { AddLayerDialogProps } from './AddLayerDialog';
import { createUploadQueue } from './upload-queue';

const noop = () => undefined;
const queue = createUploadQueue({
  projectId: 'p',
  api: { createUploadUrl: () => Promise.reject(new Error('unused')), setPublicAcl: () => Promise.reject(new Error('unused')), deleteKey: async () => ({}) },
  createXhr: () => {
    throw new Error('unused');
  },
});
const render = (props: Partial<AddLayerDialogProps>) =>
  renderToStaticMarkup(
    <AddLayerDialog
      type="image"
      assets={[]}
      queue={queue}
      urlPolicy={{ development: false, ownOrigins: [] }}
      onSource={noop}
      onUploaded={noop}
      onClose={noop}
      {...props}
    />,
  );

describe('AddLayerDialog', () => {
  it('offers a file of the accepted image types, a URL and the project assets', () => {
    const html = render({ sampleImageSrc: '/s.png' });
    expect(html).toContain('Add an image layer');
    expect(html).toContain('accept="image/png,image/jpeg,image/gif,image/webp"');
    expect(html).toContain('From a URL');
    expect(html).toContain('Project assets');
    expect(html).toContain('Use the sample picture');
  });

  it('lists only assets of the layer kind', () => {
    const assets = [
      { id: 'a1' as AssetId, name: 'one.png', type: 'image/png', url: 'https://cdn.test/1.png' },
      { id: 'a2' as AssetId, name: 'two.webm', type: 'video/webm', url: 'https://cdn.test/2.webm' },
    ];
    const images = render({ assets, initialTab: 'assets' });
    expect(images).toContain('one.png');
    expect(images).not.toContain('two.webm');
    const videos = render({ type: 'video', assets, initialTab: 'assets' });
    expect(videos).toContain('two.webm');
    expect(videos).not.toContain('one.png');
    expect(render({ type: 'video', initialTab: 'assets' })).toContain('No videos in this project yet');
  });

  it('asks a stream for its address and the HLS fallback, a web page and a GIF for an address', () => {
    const stream = render({ type: 'rtmp' });
    expect(stream).toContain('Stream address');
    expect(stream).toContain('HLS fallback address');
    expect(render({ type: 'url' })).toContain('Page address');
    expect(render({ type: 'giphy' })).toContain('GIF address');
  });
});
