// Uploads of project assets (spec section 7): create-upload-url, a presigned PUT whose progress
// the dialog shows, then set-public-acl. Pure over an injected api and XHR factory, so tests drive
// progress, cancel and the api's quota refusal without a browser.

/** The api calls an upload needs (apps/api uploads routes). */
export interface UploadApi {
  createUploadUrl(body: {
    fileName: string;
    fileType: string;
    projectId: string;
    fileSize: number;
  }): Promise<{ uploadUrl: string; key: string; publicUrl?: string; headers?: Record<string, string> }>;
  setPublicAcl(key: string): Promise<{ key?: string; publicUrl: string }>;
  /** Gives a reserved but unfinished upload's bytes back (cancel after the url was made). */
  deleteKey(key: string): Promise<unknown>;
}

/** The part of XMLHttpRequest a PUT with progress uses. */
export interface XhrLike {
  open(method: string, url: string): void;
  setRequestHeader(name: string, value: string): void;
  send(body: Blob | Uint8Array | null): void;
  abort(): void;
  readonly status: number;
  readonly upload: { onprogress: ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null };
  onload: (() => void) | null;
  onerror: (() => void) | null;
  onabort: (() => void) | null;
}

export type UploadState = 'queued' | 'requesting' | 'uploading' | 'publishing' | 'done' | 'failed' | 'cancelled';

export interface UploadFile {
  readonly name: string;
  /** The type the bytes were recognised as (media/sniff.ts), declared to the api and the PUT. */
  readonly type: string;
  readonly size: number;
  readonly body: Blob | Uint8Array;
}

export interface UploadResult {
  readonly key: string;
  readonly publicUrl: string;
}

export interface UploadItem {
  readonly id: number;
  readonly name: string;
  readonly type: string;
  readonly state: UploadState;
  /** Bytes sent so far and the total, for the progress bar. */
  readonly loaded: number;
  readonly total: number;
  /** Why it failed, as the person reads it. */
  readonly error: string | null;
  readonly result: UploadResult | null;
}

/** A failed or cancelled upload; `message` is shown to the person as is. */
export class UploadError extends Error {
  override readonly name = 'UploadError';
  constructor(
    message: string,
    readonly cancelled = false,
  ) {
    super(message);
  }
}

export const UPLOAD_CANCELLED = 'Upload cancelled';

/**
 * The text of an api refusal: its error and message both, since the quota error's message says
 * what the plan allows ("Storage limit reached: Your plan allows ... bytes of uploads").
 */
export function uploadErrorText(err: unknown): string {
  const body = err && typeof err === 'object' ? (err as { body?: unknown }).body : undefined;
  if (body && typeof body === 'object') {
    const { error, message } = body as { error?: unknown; message?: unknown };
    if (typeof error === 'string' && typeof message === 'string' && message && message !== error) return `${error}: ${message}`;
  }
  return err instanceof Error && err.message ? err.message : 'Upload failed';
}

/** A PUT of `body` with progress; resolves on 2xx, rejects with the spec's 'Upload failed with status {status}'. */
export function putWithProgress(
  xhr: XhrLike,
  url: string,
  body: Blob | Uint8Array,
  headers: Record<string, string>,
  onProgress: (loaded: number, total: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    xhr.open('PUT', url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded, event.total);
    };
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(new UploadError(`Upload failed with status ${xhr.status}`)));
    xhr.onerror = () => reject(new UploadError('Upload failed: the storage server could not be reached'));
    xhr.onabort = () => reject(new UploadError(UPLOAD_CANCELLED, true));
    xhr.send(body);
  });
}

export interface UploadQueueOptions {
  readonly api: UploadApi;
  readonly projectId: string;
  readonly createXhr: () => XhrLike;
  /** Uploads running at once; the rest wait their turn. */
  readonly concurrency?: number;
}

export interface UploadQueue {
  /** Queues a file; the promise settles when it is public (or failed, or cancelled). */
  add(file: UploadFile): { id: number; done: Promise<UploadResult> };
  cancel(id: number): void;
  items(): readonly UploadItem[];
  /** Called after every change of any item; returns the unsubscribe. */
  subscribe(listener: (items: readonly UploadItem[]) => void): () => void;
}

interface Entry {
  item: UploadItem;
  file: UploadFile;
  xhr: XhrLike | null;
  key: string | null;
  resolve: (r: UploadResult) => void;
  reject: (e: UploadError) => void;
}

/** The upload queue of one open project. */
export function createUploadQueue(options: UploadQueueOptions): UploadQueue {
  const concurrency = Math.max(1, options.concurrency ?? 2);
  const entries: Entry[] = [];
  const listeners = new Set<(items: readonly UploadItem[]) => void>();
  let nextId = 1;

  // One array per change, so React's useSyncExternalStore sees a stable snapshot between changes.
  let current: readonly UploadItem[] = [];
  const snapshot = () => current;
  const emit = () => {
    current = entries.map((e) => e.item);
    for (const l of listeners) l(current);
  };
  const set = (entry: Entry, patch: Partial<UploadItem>) => {
    entry.item = { ...entry.item, ...patch };
    emit();
  };
  const running = () => entries.filter((e) => e.item.state === 'requesting' || e.item.state === 'uploading' || e.item.state === 'publishing').length;
  const finished = (e: Entry) => e.item.state === 'cancelled' || e.item.state === 'failed' || e.item.state === 'done';

  const pump = () => {
    for (const entry of entries) {
      if (running() >= concurrency) return;
      if (entry.item.state === 'queued') void run(entry);
    }
  };

  const fail = (entry: Entry, err: unknown) => {
    if (finished(entry)) return;
    const cancelled = err instanceof UploadError && err.cancelled;
    set(entry, cancelled ? { state: 'cancelled', error: UPLOAD_CANCELLED } : { state: 'failed', error: uploadErrorText(err) });
    entry.reject(cancelled ? (err as UploadError) : new UploadError(uploadErrorText(err)));
  };

  async function run(entry: Entry): Promise<void> {
    const { file } = entry;
    try {
      set(entry, { state: 'requesting' });
      const target = await options.api.createUploadUrl({ fileName: file.name, fileType: file.type, projectId: options.projectId, fileSize: file.size });
      entry.key = target.key;
      if (entry.item.state === 'cancelled') {
        // Cancelled while the url was being made: give the reservation back.
        await options.api.deleteKey(target.key).catch(() => undefined);
        return;
      }
      set(entry, { state: 'uploading' });
      entry.xhr = options.createXhr();
      await putWithProgress(entry.xhr, target.uploadUrl, file.body, { 'Content-Type': file.type, ...target.headers }, (loaded, total) =>
        set(entry, { loaded, total }),
      );
      entry.xhr = null;
      set(entry, { state: 'publishing', loaded: file.size, total: file.size });
      const published = await options.api.setPublicAcl(target.key);
      const result = { key: published.key ?? target.key, publicUrl: published.publicUrl };
      if (finished(entry)) return;
      set(entry, { state: 'done', result });
      entry.resolve(result);
    } catch (err) {
      if (entry.key && err instanceof UploadError && err.cancelled) await options.api.deleteKey(entry.key).catch(() => undefined);
      fail(entry, err);
    } finally {
      pump();
    }
  }

  return {
    add(file) {
      const id = nextId++;
      let resolve!: (r: UploadResult) => void;
      let reject!: (e: UploadError) => void;
      const done = new Promise<UploadResult>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      const item: UploadItem = { id, name: file.name, type: file.type, state: 'queued', loaded: 0, total: file.size, error: null, result: null };
      entries.push({ item, file, xhr: null, key: null, resolve, reject });
      emit();
      pump();
      return { id, done };
    },
    cancel(id) {
      const entry = entries.find((e) => e.item.id === id);
      if (!entry || finished(entry)) return;
      if (entry.xhr) {
        entry.xhr.abort(); // onabort rejects the PUT; run() records the cancel and frees the key
        return;
      }
      const wasQueued = entry.item.state === 'queued';
      set(entry, { state: 'cancelled', error: UPLOAD_CANCELLED });
      entry.reject(new UploadError(UPLOAD_CANCELLED, true));
      if (wasQueued) pump();
    },
    items: snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
