// Batched layer updates (spec section 4): requests are merged per layer and flushed 16 ms after
// the last request, through an injected Clock so the timing is tested with a manual clock.
import type { Clock, TimerHandle } from '@beamstage/timeline';
import { BATCH_FLUSH_MS } from '../schema/defaults';
import type { LayerId } from '../schema/ids';
import { isRecord } from '../schema/json';
import type { LayerPatch } from './layer-ops';

export interface BatchedUpdater {
  /** Queues a patch for a layer and restarts the 16 ms flush timer. */
  request(id: LayerId, patch: LayerPatch): void;
  /** Flushes now; returns how many layers were flushed. */
  flush(): number;
  /** Layers waiting for the flush. */
  pendingCount(): number;
  /** Drops pending updates and the timer. */
  dispose(): void;
}

function mergeInto(target: Record<string, unknown>, patch: Record<string, unknown>): void {
  for (const [k, v] of Object.entries(patch)) {
    const t = target[k];
    if (isRecord(v) && isRecord(t)) mergeInto(t, v);
    else target[k] = isRecord(v) ? { ...v } : v;
  }
}

/** Creates a batcher that hands merged patches to `apply` (typically one document change plus one command). */
export function createBatchedUpdater(clock: Clock, apply: (updates: Map<LayerId, LayerPatch>) => void, flushMs = BATCH_FLUSH_MS): BatchedUpdater {
  let pending = new Map<LayerId, LayerPatch>();
  let timer: TimerHandle | null = null;
  const flush = (): number => {
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
    if (pending.size === 0) return 0;
    const batch = pending;
    pending = new Map();
    apply(batch);
    return batch.size;
  };
  return {
    request(id, patch) {
      const cur = pending.get(id) ?? {};
      mergeInto(cur as Record<string, unknown>, patch as Record<string, unknown>);
      pending.set(id, cur);
      if (timer !== null) clock.clearTimeout(timer);
      timer = clock.setTimeout(flush, flushMs);
    },
    flush,
    pendingCount: () => pending.size,
    dispose() {
      if (timer !== null) clock.clearTimeout(timer);
      timer = null;
      pending = new Map();
    },
  };
}
