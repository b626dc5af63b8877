import type { DocHandle, DocumentId, Repo } from '@automerge/automerge-repo';
import { migrateProject, type ProjectDoc } from '@beamstage/layers';
import { createProjectDoc, normalizeOnRemoteChange } from '../document/project-document';
import { migrateWholeStrings } from '../document/whole-strings';
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

  private async open(projectId: string, loadJson: () => Promise<unknown>): Promise<DocHandle<ProjectDoc>> {
    let documentId = await this.index.get(projectId);
    let handle: DocHandle<ProjectDoc>;
    if (documentId) {
      handle = await this.repo.find<ProjectDoc>(documentId as DocumentId);
    } else {
      const { project } = migrateProject(await loadJson());
      handle = createProjectDoc(this.repo, project);
      await this.repo.flush([handle.documentId]);
      documentId = await this.index.setIfAbsent(projectId, handle.documentId);
      if (documentId !== handle.documentId) handle = await this.repo.find<ProjectDoc>(documentId as DocumentId);
    }
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
