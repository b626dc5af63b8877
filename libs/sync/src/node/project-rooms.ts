import * as Automerge from '@automerge/automerge';
import type { DocHandle, DocumentId, Repo } from '@automerge/automerge-repo';
import { migrateProject, type ProjectDoc } from '@beamstage/layers';
import { createProjectDoc, normalizeOnRemoteChange } from '../document/project-document';
import { migrateWholeStrings, wrapWholeStrings } from '../document/whole-strings';
import type { ProjectDocIndex } from './project-doc-index';

/**
 * Finds or creates each project's document on the server repo. A project gets its document the
 * first time someone asks for a live room, seeded from its JSON row; in-flight creations are shared
 * so two tickets at once never create two documents.
 */
export class ProjectRooms {
  private readonly inFlight = new Map<string, Promise<DocHandle<ProjectDoc>>>();
  private readonly normalizing = new Set<string>();

  constructor(
    private readonly repo: Repo,
    private readonly index: ProjectDocIndex,
    private readonly onOpen: (projectId: string, handle: DocHandle<ProjectDoc>) => void = () => undefined,
  ) {}

  /** The project's document handle; `loadJson` reads the project's row when none exists yet. */
  ensure(projectId: string, loadJson: () => Promise<unknown>): Promise<DocHandle<ProjectDoc>> {
    const existing = this.inFlight.get(projectId);
    if (existing) return existing;
    const promise = this.open(projectId, loadJson).finally(() => this.inFlight.delete(projectId));
    this.inFlight.set(projectId, promise);
    return promise;
  }

  /**
   * Gives a new project (its row just inserted, no document yet) its document from the document
   * shape the caller already converted and normalised (the same conversion that made its row), so
   * it is not converted again from JSON. The project must have no document yet (throws
   * otherwise); the document is stored before it is indexed.
   */
  create(projectId: string, doc: ProjectDoc): Promise<DocHandle<ProjectDoc>> {
    // Data URLs, code and descriptions go in as whole values (one operation each), as createProjectDoc does.
    return this.start(projectId, async () => this.repo.create<ProjectDoc>(wrapWholeStrings(doc)));
  }

  /**
   * Like create, from changes built elsewhere (a worker thread: exchange JSON converted once, in
   * small changes), applied one at a time with `pause()` between them so the event loop answers
   * others meanwhile: the largest project a plan allows is seconds of Automerge work as one change
   * made here, and one load of it still hundreds of milliseconds.
   */
  seed(projectId: string, changes: Uint8Array[], pause: () => Promise<void>): Promise<DocHandle<ProjectDoc>> {
    return this.start(projectId, async () => {
      const handle = this.repo.create<ProjectDoc>();
      for (const change of changes) {
        handle.update((doc) => Automerge.applyChanges(doc, [change])[0]);
        await pause();
      }
      return handle;
    });
  }

  /** A new project's document made by `make` (nothing made when it already has one), stored, indexed and followed. */
  private start(projectId: string, make: () => Promise<DocHandle<ProjectDoc>>): Promise<DocHandle<ProjectDoc>> {
    if (this.inFlight.has(projectId)) return Promise.reject(new Error(`Project ${projectId} is already opening its document`));
    const promise = (async () => {
      if (await this.index.get(projectId)) throw new Error(`Project ${projectId} already has a document`);
      return this.opened(projectId, await this.storeAndIndex(projectId, await make()));
    })().finally(() => this.inFlight.delete(projectId));
    this.inFlight.set(projectId, promise);
    return promise;
  }

  private async open(projectId: string, loadJson: () => Promise<unknown>): Promise<DocHandle<ProjectDoc>> {
    const documentId = await this.index.get(projectId);
    let handle: DocHandle<ProjectDoc>;
    if (documentId) {
      handle = await this.repo.find<ProjectDoc>(documentId as DocumentId);
    } else {
      const { project } = migrateProject(await loadJson());
      handle = await this.storeAndIndex(projectId, createProjectDoc(this.repo, project));
    }
    return this.opened(projectId, handle);
  }

  /**
   * Stores a document just made for a project, then indexes it: should another instance have
   * indexed one first, that one is the project's and is returned instead.
   */
  private async storeAndIndex(projectId: string, made: DocHandle<ProjectDoc>): Promise<DocHandle<ProjectDoc>> {
    await this.repo.flush([made.documentId]);
    const documentId = await this.index.setIfAbsent(projectId, made.documentId);
    return documentId === made.documentId ? made : this.repo.find<ProjectDoc>(documentId as DocumentId);
  }

  /** Follows a document now open: whole strings migrated, normalised on every change, the owner told (once per project). */
  private opened(projectId: string, handle: DocHandle<ProjectDoc>): DocHandle<ProjectDoc> {
    if (!this.normalizing.has(projectId)) {
      this.normalizing.add(projectId);
      // Documents stored before whole strings: their data URLs, code and descriptions become whole values.
      migrateWholeStrings(handle);
      normalizeOnRemoteChange(handle);
      this.onOpen(projectId, handle);
    }
    return handle;
  }
}
