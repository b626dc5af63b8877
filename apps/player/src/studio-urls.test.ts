import { createDefaultProject, createLayer } from '@beamstage/layers';
import type { LayerId, ProjectId } from '@beamstage/layers';
import { describe, expect, it } from 'vitest';
import { studioOriginOf, withStudioUrls } from './studio-urls';

const STUDIO = 'https://studio.example:8443';

describe('studio URLs', () => {
  it('reads the studio from the script URL, not the host page', () => {
    expect(studioOriginOf('https://studio.example:8443/embed/player.js?v=1')).toBe(STUDIO);
  });

  it('resolves studio paths of image and mask layers against the studio, keeping absolute, data: and blob: sources', () => {
    const project = createDefaultProject({ id: 'proj_1_x' as ProjectId, nowMs: 1 });
    const image = (id: string, src: string) => {
      const layer = createLayer('image', { id: id as LayerId, nowMs: 1 });
      return { ...layer, content: { ...layer.content, src } };
    };
    const layers = [
      image('a', '/app/editor/samples/beamstage-sample.png'),
      image('b', 'https://cdn.example/x.png'),
      image('c', 'data:image/png;base64,AAAA'),
      image('d', 'blob:https://x/1'),
      image('e', ''),
    ];
    const out = withStudioUrls({ ...project, layers }, STUDIO);
    expect(out.layers.map((l) => (l.content as { src: string }).src)).toEqual([
      `${STUDIO}/app/editor/samples/beamstage-sample.png`,
      'https://cdn.example/x.png',
      'data:image/png;base64,AAAA',
      'blob:https://x/1',
      '',
    ]);
    const absolute = { ...project, layers: layers.slice(1) };
    expect(withStudioUrls(absolute, STUDIO)).toBe(absolute);
  });
});
