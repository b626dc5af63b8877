import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DOC_PAGES, findDocPage } from './doc-pages';

describe('the "Embed and extend" page', () => {
  it('is listed under Reference and covers the snippet, attributes, CSP, install, mesh warp and DOM layers', () => {
    const page = findDocPage('embed-and-extend');
    expect(page?.title).toBe('Embed and extend');
    expect(DOC_PAGES.filter((p) => p.section === 'Reference').map((p) => p.path)).toContain('embed-and-extend');
    const html = renderToStaticMarkup(<>{page?.body}</>);
    for (const text of [
      '/embed/player.js',
      '&lt;beamstage-player project=',
      'autoplay',
      'controls',
      'muted',
      'loop',
      'wasm-unsafe-eval',
      'connect-src',
      'npm pack libs/render-core/dist',
      'kind: &#x27;mesh&#x27;',
      'cornersToMatrix3d',
      'Failed to fetch public project',
      'Invalid response format',
      'SANDBOX_PARENT_ORIGINS',
      'sandboxOrigin',
      '/api/config',
    ]) {
      expect(html, text).toContain(text);
    }
  });
});
