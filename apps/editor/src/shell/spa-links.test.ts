import { describe, expect, it } from 'vitest';
import { inAppPath } from './spa-links';
import type { LinkClick } from './spa-links';

const ORIGIN = 'http://studio.test';
const click = (over: Partial<LinkClick>): LinkClick => ({
  button: 0,
  metaKey: false,
  ctrlKey: false,
  shiftKey: false,
  altKey: false,
  defaultPrevented: false,
  href: `${ORIGIN}/dashboard`,
  target: '',
  download: false,
  ...over,
});

describe('links between the studio pages', () => {
  it('moves in the page to the dashboard and to an editor', () => {
    expect(inAppPath(click({}), ORIGIN)).toBe('/dashboard');
    expect(inAppPath(click({ href: `${ORIGIN}/editor/proj_abc%2B1?x=1#y` }), ORIGIN)).toBe('/editor/proj_abc%2B1?x=1#y');
    expect(inAppPath(click({ href: '/editor/local_17', target: '_self' }), ORIGIN)).toBe('/editor/local_17');
  });

  it('leaves the site, other origins, the projector and unknown paths to the browser', () => {
    for (const href of [
      `${ORIGIN}/pricing`,
      `${ORIGIN}/docs`,
      `${ORIGIN}/projector/proj_1`,
      'https://billing.stripe.test/p/1',
      `${ORIGIN}/editor/a/b`,
      'mailto:x@y.z',
    ]) {
      expect(inAppPath(click({ href }), ORIGIN)).toBeNull();
    }
  });

  it('leaves new tabs, downloads, modified and handled clicks to the browser', () => {
    expect(inAppPath(click({ target: '_blank' }), ORIGIN)).toBeNull();
    expect(inAppPath(click({ download: true }), ORIGIN)).toBeNull();
    expect(inAppPath(click({ button: 1 }), ORIGIN)).toBeNull();
    expect(inAppPath(click({ ctrlKey: true }), ORIGIN)).toBeNull();
    expect(inAppPath(click({ metaKey: true }), ORIGIN)).toBeNull();
    expect(inAppPath(click({ shiftKey: true }), ORIGIN)).toBeNull();
    expect(inAppPath(click({ defaultPrevented: true }), ORIGIN)).toBeNull();
  });
});
