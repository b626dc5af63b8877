// Scene thumbnails, rendered one at a time and at most one per THUMBNAIL_THROTTLE_MS, again only
// when a scene changed (its modified time or its layer count). Pure: rendering and timers come in.
import type { Scene } from '@beamstage/layers';

/** A scene changing often (a collaborator dragging, repeated Updates) re-renders at most this often. */
export const THUMBNAIL_THROTTLE_MS = 500;

export interface ThumbnailQueueOptions {
  /** Renders a scene to an image URL; undefined when it cannot (the spec logs thumbnail failures only). */
  render(scene: Scene): Promise<string | undefined>;
  /** A thumbnail is ready for a scene (or gone: null, the scene was deleted). */
  onThumbnail(sceneId: string, url: string | null): void;
  setTimer(fn: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
}

/** What makes a scene's picture stale. */
export function thumbnailKey(scene: Pick<Scene, 'id' | 'modified' | 'layers' | 'canvas'>): string {
  return `${scene.modified}|${scene.layers.length}|${scene.canvas?.width}x${scene.canvas?.height}|${scene.canvas?.background}`;
}

export interface ThumbnailQueue {
  /** The project's scenes now: changed ones are queued, deleted ones dropped. */
  update(scenes: readonly Scene[]): void;
  /** Whether a render is running or waiting (tests, the e2e journey). */
  busy(): boolean;
  dispose(): void;
}

export function createThumbnailQueue(options: ThumbnailQueueOptions): ThumbnailQueue {
  const done = new Map<string, string>();
  const pending = new Map<string, Scene>();
  /** The scene being rendered now and the state it renders. */
  let running: { id: string; key: string } | null = null;
  let timer: unknown = null;
  let disposed = false;

  const next = () => {
    timer = null;
    if (disposed || running) return;
    const first = pending.entries().next();
    if (first.done) return;
    const [id, scene] = first.value;
    pending.delete(id);
    const key = thumbnailKey(scene);
    running = { id, key };
    void options.render(scene).then(
      (url) => finish(id, key, url),
      () => finish(id, key, undefined),
    );
  };
  const finish = (id: string, key: string, url: string | undefined) => {
    running = null;
    if (disposed) return;
    done.set(id, key);
    if (url) options.onThumbnail(id, url);
    if (pending.size) timer = options.setTimer(next, THUMBNAIL_THROTTLE_MS);
  };

  return {
    update(scenes) {
      const ids = new Set<string>(scenes.map((s) => s.id));
      for (const id of [...done.keys()]) {
        if (ids.has(id)) continue;
        done.delete(id);
        options.onThumbnail(id, null);
      }
      for (const id of [...pending.keys()]) if (!ids.has(id)) pending.delete(id);
      for (const s of scenes) {
        const key = thumbnailKey(s);
        if (done.get(s.id) === key || (running?.id === s.id && running.key === key)) pending.delete(s.id);
        else pending.set(s.id, s);
      }
      if (!running && timer === null && pending.size) timer = options.setTimer(next, 0);
    },
    busy: () => running !== null || pending.size > 0,
    dispose() {
      disposed = true;
      if (timer !== null) options.clearTimer(timer);
    },
  };
}
