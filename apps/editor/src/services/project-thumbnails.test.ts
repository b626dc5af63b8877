import { describe, expect, it } from 'vitest';
import { memoryKv } from './local-db';
import { MAX_THUMBNAIL_CHARS, createProjectThumbnails } from './project-thumbnails';

describe('project thumbnails', () => {
  it('keeps image data URLs per project and refuses anything else', async () => {
    const kv = memoryKv();
    const thumbs = createProjectThumbnails(kv);
    const heard: string[] = [];
    const stop = thumbs.onPut((id) => heard.push(id));
    await thumbs.put('p1', 'data:image/jpeg;base64,AAAA');
    await thumbs.put('p2', 'javascript:alert(1)');
    await thumbs.put('p3', `data:image/jpeg;base64,${'A'.repeat(MAX_THUMBNAIL_CHARS)}`);
    expect(await thumbs.get('p1')).toBe('data:image/jpeg;base64,AAAA');
    // Only the picture kept was announced.
    expect(heard).toEqual(['p1']);
    stop();
    expect(await thumbs.get('p2')).toBeNull();
    expect(await thumbs.get('p3')).toBeNull();
    // A value planted in the store by anything else is not shown either.
    await kv.setItem('p4', 'url(evil)');
    expect(await thumbs.get('p4')).toBeNull();
    // Nothing that could close the card's CSS url() gets through.
    await kv.setItem('p5', 'data:image/jpeg;base64,AA) , url(https://evil.example/x');
    expect(await thumbs.get('p5')).toBeNull();
    await thumbs.remove('p1');
    expect(await thumbs.get('p1')).toBeNull();
  });

  it('a failing store loses the picture, not the call', async () => {
    const broken = {
      getItem: () => Promise.reject(new Error('quota')),
      setItem: () => Promise.reject(new Error('quota')),
      removeItem: () => Promise.reject(new Error('x')),
      keys: async () => [],
    };
    const thumbs = createProjectThumbnails(broken);
    await expect(thumbs.put('p', 'data:image/jpeg;base64,AA')).resolves.toBeUndefined();
    await expect(thumbs.get('p')).resolves.toBeNull();
    await expect(thumbs.remove('p')).resolves.toBeUndefined();
  });
});
