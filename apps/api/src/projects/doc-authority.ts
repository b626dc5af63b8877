import {
  assignDeep,
  createJsonExporter,
  normalizeDoc,
  toDoc,
  type DocumentLimits,
  type JsonExporter,
  type ProjectDoc,
  type ProjectJson,
} from '@beamstage/layers';
import { deferNormalize, mergeStoredChanges, trustedChange, wrapWholeStrings, type DocHandle } from '@beamstage/sync/node';
import type { Db } from '../db/client';
import { notFound } from '../errors/api-error';
import { assertWithinLimits } from './document-limits';
import { sameContent, stampChanges } from './entities';
import { applyAdditions, planAdditions, withAdditions } from './additions';
import { carryOrderKeys } from './order-keys';
import { isLargeProject } from './new-project';
import { createForeground, type Foreground } from './foreground';
import { createPacer } from './pacer';
import { readProject, readProjectColumns, updateProjectRow, type StoredProject } from './project-repository';
import { applySlices, planSlices } from './write-slices';
import { applyLongStrings } from './long-string-changes';
import { invalidatePublic } from './public-cache';
import { createWorkerBases, type BuildAdditions } from './worker-base';

/** A REST write: sees the project as the document holds it now and returns the wanted project. */
export type DocChange = (current: StoredProject, next: number) => ProjectJson | Promise<ProjectJson>;

export interface WriteOptions {
  /**
   * The request's body was heavy (heavy-writes.ts): the write yields to light requests from its
   * first step. Otherwise only a write that finds the project large does, once it knows: a large
   * body's first write to a small project opened its document, merged and normalised unpaced
   * (hostile-load: up to five steps of 45-105 ms wall in a row, at load 3-4, under a CPU profiler).
   */
  heavyBody?: boolean;
}

export interface Written {
  revision: number;
  modified: string;
  data: ProjectJson;
}

export interface DocAuthorityDeps {
  db: Db;
  /** The project's document handle (created from its row when it has none). */
  open(projectId: string): Promise<DocHandle<ProjectDoc>>;
  /** Where the repo keeps the documents' chunks (to pick up changes written by another instance). */
  storage: Parameters<typeof mergeStoredChanges>[1];
  /** Waits until the document's changes are in storage. */
  flushDoc(handle: DocHandle<ProjectDoc>): Promise<void>;
  /** The project's size limits (its owner's plan): a REST write that would break one is refused before it reaches Automerge. */
  limits?(projectId: string): Promise<DocumentLimits>;
  now?: () => Date;
  /**
   * Builds the changes that add a large write's new entities, off the api's thread (the
   * additions worker pool); without it every write is one change made here.
   */
  buildAdditions?: BuildAdditions;
  /** Told when the worker could not build them (busy, crashed): the write then makes them here. */
  onOffloadError?(err: unknown): void;
  /** The light requests being served: a heavy write's steps wait for them (foreground.ts). */
  foreground?: Foreground;
}

/** How many projects keep their exchange JSON between writes (the ones written most recently). */
const KEPT_JSON_PROJECTS = 200;

/** How many times a row write is retried when another api instance wrote the row in between. */
const ROW_RETRIES = 5;

/**
 * The project's Automerge document is the one authority (design.md section 2); the projects row is
 * a view materialised from it. Every write of a project (a REST write, or the debounced row write
 * after live edits) runs in the project's queue: it reads the document's current state, applies
 * the change to the document, stores the document, then writes the row (data, stamps, revision)
 * derived from the document. Live edits not yet in the row are stamped with the write's revision
 * first, so a REST write computed from an older revision keeps them.
 */
export function createDocAuthority(deps: DocAuthorityDeps) {
  const now = deps.now ?? (() => new Date());
  const foreground = deps.foreground ?? createForeground();
  const queues = new Map<string, Promise<unknown>>();
  /** The row revision this process last wrote or read with its document in step. */
  const inStep = new Map<string, number>();
  /**
   * Per project, the document as exchange JSON, converted incrementally: a write's document
   * snapshots share every object its change did not touch, so the export before and after a
   * write converts only what changed (a whole toJson of 100 layers and 2,000 keyframes costs
   * ~5-10 ms here, twice per write). The copies are frozen and shared: build new objects around them.
   */
  const exporters = new Map<string, JsonExporter>();
  const exportDoc = (projectId: string, doc: ProjectDoc): ProjectJson => {
    let exporter = exporters.get(projectId);
    if (!exporter) {
      // Exporters of projects whose writes failed before their row was remembered go here.
      if (exporters.size >= 2 * KEPT_JSON_PROJECTS) for (const id of exporters.keys()) if (!written.has(id)) exporters.delete(id);
      exporters.set(projectId, (exporter = createJsonExporter()));
    }
    return exporter(doc);
  };
  /**
   * The row's data as this process last wrote it, by revision: while the row is still at that
   * revision it holds exactly this (each revision is written once, conditionally on the one
   * before), so a write reads the row's small columns only, not its whole JSON.
   */
  const written = new Map<string, { revision: number; data: ProjectJson }>();
  /**
   * Remembers a written row, most recent last. The exporter's copies and the row are one JSON copy
   * of each project held besides its document: only the projects written most recently keep
   * them; an older one converts in full on its next write, as every write did before.
   */
  const remember = (projectId: string, revision: number, data: ProjectJson) => {
    written.delete(projectId);
    written.set(projectId, { revision, data });
    if (written.size <= KEPT_JSON_PROJECTS) return;
    const oldest = written.keys().next().value as string;
    written.delete(oldest);
    exporters.delete(oldest);
    workerBases?.forget(oldest);
  };

  const enqueue = <T>(projectId: string, task: () => Promise<T>): Promise<T> => {
    const ahead = queues.get(projectId);
    // A request queued behind another write (perhaps a heavy one) is not counted while it waits.
    const run = (ahead ? foreground.park(() => ahead) : Promise.resolve()).then(task);
    const tail = run.catch(() => undefined);
    queues.set(projectId, tail);
    void tail.then(() => {
      if (queues.get(projectId) === tail) queues.delete(projectId);
    });
    return run;
  };

  /** What the document worker holds of each project, so a write sends it only what changed since. */
  const workerBases = deps.buildAdditions ? createWorkerBases(deps.buildAdditions) : null;

  const readRow = async (projectId: string): Promise<StoredProject> => {
    const mine = written.get(projectId);
    if (mine && inStep.get(projectId) === mine.revision) {
      const columns = await readProjectColumns(deps.db, projectId);
      if (!columns) throw notFound();
      if (columns.revision === mine.revision) return { ...columns, data: mine.data };
    }
    const row = await readProject(deps.db, projectId);
    if (!row) throw notFound();
    return row;
  };

  /**
   * Writes into the document what `wanted` changed relative to `base` (the document the REST
   * change was computed from), and stores it. Diffed against the base, not against the document
   * now: a live edit that arrived while the write was being computed (a layer added during a
   * publish) is not in `wanted`, and must not be deleted by it.
   */
  const applyToDoc = async (projectId: string, handle: DocHandle<ProjectDoc>, wanted: ProjectJson, base: ProjectDoc, breathe: () => Promise<void>) => {
    const target = toDoc(wanted);
    // Normalised on the plain object: far cheaper than through Automerge's change proxy.
    normalizeDoc(target);
    await breathe();
    carryOrderKeys(base, target);
    await breathe();
    const batches = workerBases ? planAdditions(base, target) : [];
    await breathe();
    // Data URLs, code and descriptions are written as whole values, never as character-level text.
    wrapWholeStrings(target);
    // The intermediate states of batches and slices may break an invariant the final change
    // restores (layers of the base the write removes still interleaved with new ones):
    // normalising after each batch rewrote every layer's order (~180 ms here per batch for 950
    // layers), then the final change rewrote it back. Held until the final change; live edits
    // meanwhile are checked then.
    let release = batches.length > 0 ? deferNormalize(handle) : () => undefined;
    try {
      const applied = batches.length > 0 ? await offloadAdditions(projectId, handle, batches, breathe) : 0;
      await breathe();
      type Obj = Record<string, unknown>;
      // Compared on the plain snapshot; the change proxy is read and written only where they differ.
      // Entities the worker's changes added are in the snapshot compared against, so not written twice.
      // Many changed or deleted entities: written a slice per change, the rest in the final one.
      const { slices, settled } = planSlices(withAdditions(base, target, batches, applied), target);
      let current = settled;
      if (slices.length > 0) {
        if (batches.length === 0) release = deferNormalize(handle);
        await breathe();
        current = await applySlices(handle, slices, current, target, breathe);
      } else {
        // planSlices compares the whole write: not in the same turn as the final change.
        await breathe();
      }
      current = await applyLongStrings(handle, current, target, breathe);
      const final = current;
      trustedChange(() => handle.change((d) => assignDeep(d as unknown as Obj, target as unknown as Obj, final as unknown as Obj)));
    } finally {
      release();
    }
    // automerge-repo's save starts synchronously inside flush, and may be a whole save of the
    // document (its compaction: hundreds of milliseconds for a large one with history): not in the
    // same turn of the event loop as the change above.
    await breathe();
    await deps.flushDoc(handle);
  };

  /**
   * A write adding many entities (a 950-layer project cost ~0.9 s of Automerge work in one change,
   * and every other user waited): a worker builds the additions as changes on a copy of the base
   * document, and the api's copy applies them a batch at a time between other requests. Only
   * additions of new ids go there: they cannot conflict with a live edit (a batch whose id a live
   * edit created meanwhile is left to the final change), so the result is the same as one change
   * made here. Everything else (changed fields, deletions, order) is the final change, made on the
   * api's thread against the current document, causally after every live edit it has seen.
   * The base goes to the worker whole only when its copy cannot be brought up to it (worker-base.ts).
   * Returns how many batches were applied; on any failure of the worker, none.
   */
  const offloadAdditions = async (
    projectId: string,
    handle: DocHandle<ProjectDoc>,
    batches: ReturnType<typeof planAdditions>,
    breathe: () => Promise<void>,
  ): Promise<number> => {
    let changes: Uint8Array[];
    try {
      changes = await workerBases!.build(projectId, handle.doc(), batches);
    } catch (err) {
      deps.onOffloadError?.(err);
      return 0;
    }
    return applyAdditions(handle, batches, changes, breathe);
  };

  async function commit(
    projectId: string,
    change: DocChange | null,
    columns?: { isPublic: boolean; realtime: boolean },
    options: WriteOptions = {},
  ): Promise<Written | null> {
    // The event loop turns between this write's steps; a write of a large project (before or
    // after) also pauses after each long step, so other users keep about half the thread (pacer.ts).
    const pacer = createPacer(foreground);
    const breathe = pacer.breathe;
    if (options.heavyBody) pacer.markHeavy();
    // Opening a document not yet open reads and loads its chunks (tens of ms here for a large one).
    await pacer.beforeStatement();
    const handle = await deps.open(projectId);
    const isWrite = change !== null;
    await pacer.beforeStatement();
    let row = await readRow(projectId);
    // Another instance wrote the row since this process last did: its changes are in storage.
    if (inStep.get(projectId) !== row.revision) await mergeStoredChanges(handle, deps.storage);
    for (let attempt = 0; ; attempt++) {
      const next = row.revision + 1;
      const modified = now().toISOString();
      if (change) {
        const base = handle.doc();
        const exported = exportDoc(projectId, base);
        // The row's modified is the time of the last write of any kind (live edits included).
        const current = { ...exported, metadata: { ...exported.metadata, modified: row.data.metadata.modified } };
        const live = stampChanges(row.data, current, row.entityRevs, next);
        if (isLargeProject(current)) pacer.markHeavy();
        await breathe();
        const wanted = await change({ ...row, data: current, entityRevs: live }, next);
        wanted.metadata.modified = modified;
        if (isLargeProject(wanted)) pacer.markHeavy();
        if (deps.limits) assertWithinLimits(wanted, await deps.limits(projectId));
        await breathe();
        await applyToDoc(projectId, handle, wanted, base, breathe);
      }
      const exported = exportDoc(projectId, handle.doc());
      await breathe();
      if (!change && !columns && sameContent(row.data, exported)) {
        inStep.set(projectId, row.revision);
        remember(projectId, row.revision, row.data);
        // A REST write whose retry found the row already holding everything: answer with the row.
        return isWrite ? { revision: row.revision, modified: row.data.metadata.modified, data: row.data } : null;
      }
      const data: ProjectJson = { ...exported, metadata: { ...exported.metadata, modified } };
      const updated = await updateProjectRow(
        deps.db,
        row,
        data,
        {
          entityRevs: stampChanges(row.data, data, row.entityRevs, next),
          revision: next,
          name: data.metadata.name,
          description: data.metadata.description ?? '',
          updatedAt: new Date(modified),
          ...(columns ?? {}),
        },
        pacer.beforeStatement,
      );
      invalidatePublic(projectId);
      if (updated) {
        inStep.set(projectId, next);
        remember(projectId, next, data);
        return { revision: next, modified, data };
      }
      // Another instance wrote the row in between. Our change is in the document and in storage
      // already: take theirs from storage and write the row again from the merged document.
      if (attempt >= ROW_RETRIES) throw new Error(`Project ${projectId}: the row kept changing under this write`);
      row = await readRow(projectId);
      await mergeStoredChanges(handle, deps.storage);
      change = null;
    }
  }

  return {
    /** Runs a REST write on the document and materialises the row in the same call. */
    write(projectId: string, change: DocChange, columns?: { isPublic: boolean; realtime: boolean }, options?: WriteOptions): Promise<Written> {
      return enqueue(projectId, async () => (await commit(projectId, change, columns, options)) as Written);
    },
    /** Writes the row from the document when they differ (debounced live edits, a document just opened). */
    materialise(projectId: string): Promise<Written | null> {
      return enqueue(projectId, () => commit(projectId, null));
    },
    /** Waits for the project's queued writes. */
    async idle(projectId: string): Promise<void> {
      const queued = queues.get(projectId);
      if (queued) await foreground.park(() => queued);
    },
    /** The document of a row just inserted from `revision`: in step, nothing to merge. */
    markInStep(projectId: string, revision: number): void {
      inStep.set(projectId, revision);
    },
    forget(projectId: string): void {
      inStep.delete(projectId);
      exporters.delete(projectId);
      written.delete(projectId);
      workerBases?.forget(projectId);
    },
  };
}

/** The document authority's interface, for app.sync. */
export type DocAuthority = ReturnType<typeof createDocAuthority>;
