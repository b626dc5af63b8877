import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import { createUploadQueue, UPLOAD_CANCELLED, uploadErrorText } from './upload-queue';
import type { UploadApi, UploadItem, XhrLike } from './upload-queue';

/** An XHR the test drives by hand: progress events, completion, network error. */
class FakeXhr implements XhrLike {
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  aborted = false;
  upload: XhrLike['upload'] = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ loaded, total, lengthComputable: true });
  }
  finish(status = 200) {
    this.status = status;
    this.onload?.();
  }
}

const tick = () => new Promise((r) => setTimeout(r, 0));

function setup(overrides: Partial<UploadApi> = {}, concurrency = 2) {
  const xhrs: FakeXhr[] = [];
  const calls: string[] = [];
  let n = 0;
  const api: UploadApi = {
    async createUploadUrl(body) {
      n += 1;
      calls.push(`create ${body.fileName} ${body.fileType} ${body.projectId} ${body.fileSize}`);
      return { uploadUrl: `https://s3.test/put/${n}`, key: `u/1/p/proj/${n}.png`, headers: { 'x-amz-meta': 'a' } };
    },
    async setPublicAcl(key) {
      calls.push(`public ${key}`);
      return { key: `public/${key}`, publicUrl: `https://cdn.test/${key}` };
    },
    async deleteKey(key) {
      calls.push(`delete ${key}`);
      return {};
    },
    ...overrides,
  };
  const queue = createUploadQueue({ api, projectId: 'proj', concurrency, createXhr: () => (xhrs.push(new FakeXhr()), xhrs.at(-1)!) });
  const seen: (readonly UploadItem[])[] = [];
  queue.subscribe((items) => seen.push(items));
  return { queue, xhrs, calls, seen };
}

const file = (name: string, size = 100) => ({ name, type: 'image/png', size, body: new Uint8Array(size) });

describe('upload queue', () => {
  it('creates the url, PUTs with the signed headers and progress, then publishes', async () => {
    const { queue, xhrs, calls } = setup();
    const { id, done } = queue.add(file('a.png', 1000));
    await tick();
    const xhr = xhrs[0]!;
    expect(xhr.method).toBe('PUT');
    expect(xhr.url).toBe('https://s3.test/put/1');
    expect(xhr.headers).toEqual({ 'Content-Type': 'image/png', 'x-amz-meta': 'a' });
    xhr.progress(250, 1000);
    expect(queue.items().find((i) => i.id === id)).toMatchObject({ state: 'uploading', loaded: 250, total: 1000 });
    xhr.progress(1000, 1000);
    xhr.finish(200);
    await expect(done).resolves.toEqual({ key: 'public/u/1/p/proj/1.png', publicUrl: 'https://cdn.test/u/1/p/proj/1.png' });
    expect(queue.items()[0]).toMatchObject({ state: 'done', loaded: 1000, error: null });
    expect(calls).toEqual(['create a.png image/png proj 1000', 'public u/1/p/proj/1.png']);
  });

  it('shows the api quota refusal as its own text and uploads nothing', async () => {
    const quota = new ApiError('Storage limit reached', 413, { error: 'Storage limit reached', message: 'Your plan allows 104857600 bytes of uploads' });
    const { queue, xhrs } = setup({ createUploadUrl: () => Promise.reject(quota) });
    const { done } = queue.add(file('big.png'));
    await expect(done).rejects.toThrow('Storage limit reached: Your plan allows 104857600 bytes of uploads');
    expect(queue.items()[0]).toMatchObject({ state: 'failed', error: 'Storage limit reached: Your plan allows 104857600 bytes of uploads' });
    expect(xhrs).toHaveLength(0);
  });

  it('cancels a running PUT: aborts it, frees the reservation, never publishes', async () => {
    const { queue, xhrs, calls } = setup();
    const { id, done } = queue.add(file('a.png'));
    await tick();
    xhrs[0]!.progress(10, 100);
    queue.cancel(id);
    await expect(done).rejects.toMatchObject({ message: UPLOAD_CANCELLED, cancelled: true });
    await tick();
    expect(xhrs[0]!.aborted).toBe(true);
    expect(queue.items()[0]).toMatchObject({ state: 'cancelled' });
    expect(calls).toEqual(['create a.png image/png proj 100', 'delete u/1/p/proj/1.png']);
  });

  it('cancels while the url is being made: no PUT, the key is given back', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const calls: string[] = [];
    const { queue, xhrs } = setup({
      async createUploadUrl() {
        await gate;
        return { uploadUrl: 'https://s3.test/x', key: 'k1' };
      },
      async deleteKey(key) {
        calls.push(key);
      },
    });
    const { id, done } = queue.add(file('a.png'));
    queue.cancel(id);
    await expect(done).rejects.toMatchObject({ cancelled: true });
    release();
    await tick();
    await tick();
    expect(xhrs).toHaveLength(0);
    expect(calls).toEqual(['k1']);
  });

  it('reports a failed PUT with the spec text and keeps the queue going', async () => {
    const { queue, xhrs } = setup({}, 1);
    const first = queue.add(file('a.png'));
    const second = queue.add(file('b.png'));
    await tick();
    expect(xhrs).toHaveLength(1); // one at a time
    expect(queue.items()[1]!.state).toBe('queued');
    xhrs[0]!.finish(403);
    await expect(first.done).rejects.toThrow('Upload failed with status 403');
    await tick();
    expect(xhrs).toHaveLength(2);
    xhrs[1]!.finish(200);
    await expect(second.done).resolves.toMatchObject({ publicUrl: expect.stringContaining('cdn.test') });
  });

  it('a queued upload cancelled before its turn never starts', async () => {
    const { queue, xhrs } = setup({}, 1);
    queue.add(file('a.png'));
    const waiting = queue.add(file('b.png'));
    queue.cancel(waiting.id);
    await expect(waiting.done).rejects.toMatchObject({ cancelled: true });
    await tick();
    xhrs[0]!.finish(200);
    await tick();
    expect(xhrs).toHaveLength(1);
  });

  it('words api errors', () => {
    expect(uploadErrorText(new ApiError('Unsupported file type', 415, { error: 'Unsupported file type', message: 'Accepted types: image/png' }))).toBe(
      'Unsupported file type: Accepted types: image/png',
    );
    expect(uploadErrorText(new ApiError('Forbidden', 403, { error: 'Forbidden' }))).toBe('Forbidden');
    expect(uploadErrorText('x')).toBe('Upload failed');
  });
});

describe('upload queue snapshots', () => {
  it('keeps one items array between changes (React reads it as an external store)', async () => {
    const { queue, xhrs } = setup();
    queue.add(file('a.png'));
    await tick();
    const before = queue.items();
    expect(queue.items()).toBe(before);
    xhrs[0]!.progress(5, 100);
    expect(queue.items()).not.toBe(before);
  });
});
