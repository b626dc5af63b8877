import { describe, expect, it } from 'vitest';
import type { ProjectSummary } from '../api/client';
import { startPictureRead, withReadPictures } from './card-pictures';

const card = (id: string, extra: Partial<ProjectSummary> = {}) => ({ id, name: id, modified: '2026-11-25T06:00:00Z', ...extra }) as ProjectSummary;

describe('withReadPictures', () => {
  it('gives each card the picture the read found, and leaves a card without one as it is', () => {
    const shown = [card('a'), card('b')];
    const out = withReadPictures(shown, new Map([['a', 'data:image/jpeg;base64,AA==']]), startPictureRead());
    expect(out.map((p) => p.thumbnail)).toEqual(['data:image/jpeg;base64,AA==', undefined]);
  });

  it('keeps the other cards pictures when one was patched in while the read ran (the dashboard lost two of three so)', () => {
    // The list was replaced by a patch (a new array) after the read began: a merge by identity dropped every read picture.
    const read = startPictureRead();
    const patched = [card('c', { thumbnail: 'data:image/jpeg;base64,Qw==' }), card('a'), card('b')];
    read.putSince.add('c');
    const pictures = new Map([
      ['a', 'data:image/jpeg;base64,QQ=='],
      ['b', 'data:image/jpeg;base64,Qg=='],
      ['c', null],
    ]);
    expect(withReadPictures(patched, pictures, read).map((p) => p.thumbnail)).toEqual([
      'data:image/jpeg;base64,Qw==',
      'data:image/jpeg;base64,QQ==',
      'data:image/jpeg;base64,Qg==',
    ]);
  });

  it('never puts an older stored picture over one kept after the read began', () => {
    const read = startPictureRead();
    read.putSince.add('a');
    const shown = [card('a', { thumbnail: 'data:image/jpeg;base64,bmV3' })];
    expect(withReadPictures(shown, new Map([['a', 'data:image/jpeg;base64,b2xk']]), read)[0]?.thumbnail).toBe('data:image/jpeg;base64,bmV3');
  });

  it('keeps changes made to the shown cards since the read began', () => {
    const shown = [card('a', { name: 'renamed', isPublic: true })];
    const [out] = withReadPictures(shown, new Map([['a', 'data:image/jpeg;base64,AA==']]), startPictureRead());
    expect(out).toMatchObject({ name: 'renamed', isPublic: true, thumbnail: 'data:image/jpeg;base64,AA==' });
  });
});
