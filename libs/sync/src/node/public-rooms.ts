import type { DocHandle, DocHandleChangePayload, DocumentId, Repo } from '@automerge/automerge-repo';
import { assignDeep, copyPlain, isRecord, publicProjectDoc, ROOT_ENTITY_LISTS, sameJson, TIMELINE_ENTITY_LISTS, type ProjectDoc } from '@beamstage/layers';
import { wrapWholeStrings } from '../document/whole-strings';
import type { ProjectDocIndex } from './project-doc-index';

type Obj = Record<string, unknown>;
type Path = readonly (string | number)[];

const ROOT_MAPS = new Set(ROOT_ENTITY_LISTS);
const TIMELINE_MAPS = new Set(TIMELINE_ENTITY_LISTS);

/** The index key of a project's public document (project ids never contain '/'). */
const indexKey = (projectId: string) => `public/${projectId}`;

/** The part of the document a patch at `path` touched, as the path re-derived for the public room: one entity, one field, or metadata. */
function touchedPart(path: Path): string[] {
  const [a, b, c] = path.map(String);
  if (a === undefined) return [];
  if (ROOT_MAPS.has(a)) return b === undefined ? [a] : [a, b];
  if (a === 'timeline') {
    if (b === undefined) return [a];
    return TIMELINE_MAPS.has(b) && c !== undefined ? [a, b, c] : [a, b];
  }
  return [a];
}

const at = (root: unknown, path: readonly string[]): unknown => {
  let v = root;
  for (const k of path) v = isRecord(v) ? v[k] : undefined;
  return v;
};

const isPlain = (v: unknown): v is Obj => isRecord(v) && (Object.getPrototypeOf(v) === Object.prototype || Object.getPrototypeOf(v) === null);

/** Makes the public document's part at `path` equal to the source's, writing only what differs. */
function syncPart(draft: Obj, current: unknown, source: unknown, path: readonly string[]): void {
  const key = path[path.length - 1]!;
  const parent = at(draft, path.slice(0, -1)) as Obj | undefined;
  if (!parent) return;
  const src = at(source, path);
  const cur = at(current, path);
  if (src === undefined) {
    if (cur !== undefined) delete parent[key];
  } else if (isPlain(src) && isPlain(cur)) {
    assignDeep(parent[key] as Obj, wrapWholeStrings(copyPlain(src)), cur);
  } else if (!sameJson(src, cur)) {
    parent[key] = wrapWholeStrings(copyPlain(src), key);
  }
}

/**
 * Public live rooms (design.md section 4, rule 11): anonymous and non-member projectors follow a
 * document of their own, derived from the published state stripped like the public route
 * (libs/layers' publicProjectDoc) and never the private document, so no old name, deleted layer or
 * debug setting from its history reaches them. The public document is created from the private
 * document's current state the first time a public ticket is asked for, then follows it: each
 * private change re-derives only the entities and fields its patches touched. Its history holds
 * only states that were public while it followed. One per project, shared across api instances
 * through the document index.
 */
export class PublicRooms {
  private readonly rooms = new Map<string, { handle: DocHandle<ProjectDoc>; stop: () => void }>();
  private readonly inFlight = new Map<string, Promise<DocHandle<ProjectDoc>>>();

  constructor(
    private readonly repo: Repo,
    private readonly index: ProjectDocIndex,
    /** The project's private document. */
    private readonly open: (projectId: string) => Promise<DocHandle<ProjectDoc>>,
  ) {}

  /** The project's public document, created or caught up from the private one and followed from now on. */
  ensure(projectId: string): Promise<DocHandle<ProjectDoc>> {
    const room = this.rooms.get(projectId);
    if (room) return Promise.resolve(room.handle);
    const pending = this.inFlight.get(projectId);
    if (pending) return pending;
    const promise = this.create(projectId).finally(() => this.inFlight.delete(projectId));
    this.inFlight.set(projectId, promise);
    return promise;
  }

  /** The public document id of a project whose room is open here, else null. */
  documentIdOf(projectId: string): string | null {
    return this.rooms.get(projectId)?.handle.documentId ?? null;
  }

  /** Drops the public document (unpublished or deleted): the next publication starts a fresh one. Returns its id. */
  async remove(projectId: string): Promise<string | null> {
    await this.inFlight.get(projectId)?.catch(() => undefined);
    const room = this.rooms.get(projectId);
    this.rooms.delete(projectId);
    room?.stop();
    const documentId = room?.handle.documentId ?? (await this.index.get(indexKey(projectId)));
    if (!documentId) return null;
    if (this.repo.handles[documentId as DocumentId]) this.repo.delete(documentId as DocumentId);
    await this.index.remove(indexKey(projectId));
    return documentId;
  }

  private async create(projectId: string): Promise<DocHandle<ProjectDoc>> {
    const source = await this.open(projectId);
    const derived = () => publicProjectDoc(source.doc());
    const known = await this.index.get(indexKey(projectId));
    let handle: DocHandle<ProjectDoc>;
    if (known) {
      handle = await this.repo.find<ProjectDoc>(known as DocumentId);
    } else {
      handle = this.repo.create<ProjectDoc>(wrapWholeStrings(copyPlain(derived())));
      await this.repo.flush([handle.documentId]);
      const winner = await this.index.setIfAbsent(indexKey(projectId), handle.documentId);
      if (winner !== handle.documentId) {
        this.repo.delete(handle.documentId);
        handle = await this.repo.find<ProjectDoc>(winner as DocumentId);
      }
    }
    // Catch up (a document stored by another instance, or changes made while this one was created).
    const catchUp = () => {
      const wanted = wrapWholeStrings(copyPlain(derived()));
      const current = handle.doc();
      if (sameJson(current, wanted)) return;
      handle.change((d) => assignDeep(d as unknown as Obj, wanted as unknown as Obj, current as unknown as Obj), { message: 'public state' });
    };
    catchUp();

    let touched = new Map<string, string[]>();
    let scheduled = false;
    const flush = () => {
      scheduled = false;
      const parts = [...touched.values()];
      touched = new Map();
      if (parts.length === 0 || !handle.isReady() || !source.isReady()) return;
      const wanted = derived();
      const current = handle.doc();
      handle.change(
        (d) => {
          for (const part of parts) syncPart(d as unknown as Obj, current, wanted, part);
        },
        { message: 'public state' },
      );
    };
    const onChange = ({ patches }: DocHandleChangePayload<ProjectDoc>) => {
      for (const patch of patches) {
        const part = touchedPart(patch.path);
        if (part.length === 0) {
          catchUp();
          continue;
        }
        touched.set(part.join('\u0000'), part);
      }
      if (scheduled) return;
      scheduled = true;
      // Once per burst of changes, outside the change event (DocHandle is mid-update while it emits).
      queueMicrotask(flush);
    };
    source.on('change', onChange);
    this.rooms.set(projectId, { handle, stop: () => source.off('change', onChange) });
    return handle;
  }
}
