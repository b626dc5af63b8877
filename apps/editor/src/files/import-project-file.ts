import { createFileOperationGate, importProjectJson, importProjectZip } from '@beamstage/layers';
import type { ImportedAssetFile, ProjectJson } from '@beamstage/layers';
import { revisionOf } from '../api/client';
import type { UploadedFile } from './zip-assets';
import { uploadZipAssets } from './zip-assets';

/** The api calls an import makes. */
export interface ImportApi {
  createProject(project: ProjectJson): Promise<ProjectJson>;
  updateProject(project: ProjectJson, revision: number | null): Promise<unknown>;
}

/** Uploads one zip file into the new project's storage (media/ upload queue in the app). */
export type UploadAsset = (projectId: string, file: ImportedAssetFile) => Promise<UploadedFile>;

export interface ImportedProject {
  id: string;
  name: string;
  /** Validation problems, listed to the user but not fatal (spec section 4). */
  warnings: string[];
}

export type ImportStep = { phase: 'reading' } | { phase: 'creating' } | { phase: 'uploading'; done: number; total: number };

const ZIP_MAGIC = [0x50, 0x4b];

/** A zip by its first bytes (a .json renamed .zip is read as what it is). */
export function looksLikeZip(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === ZIP_MAGIC[0] && bytes[1] === ZIP_MAGIC[1];
}

/** Spec section 4: one file operation at a time in this page (import and export share it). */
export const fileOperations = createFileOperationGate();

/**
 * Imports a JSON or zip file as a new project (fresh proj_ id): created on the server, then its
 * zip assets uploaded and their URLs written back. Errors carry the spec's messages
 * ("No project.json found in ZIP file", the zip caps' texts).
 */
export function importProjectFile(
  file: { name: string; arrayBuffer(): Promise<ArrayBuffer> },
  deps: { api: ImportApi; upload: UploadAsset; nowMs: number; onStep?: (step: ImportStep) => void },
): Promise<ImportedProject> {
  return fileOperations.run(async () => {
    const step = deps.onStep ?? (() => undefined);
    step({ phase: 'reading' });
    const bytes = new Uint8Array(await file.arrayBuffer());
    const zipped = looksLikeZip(bytes) || file.name.toLowerCase().endsWith('.zip');
    const result = zipped
      ? await importProjectZip(bytes, { nowMs: deps.nowMs })
      : { ...importProjectJson(new TextDecoder().decode(bytes), { nowMs: deps.nowMs }), assets: [] };
    step({ phase: 'creating' });
    const created = await deps.api.createProject(result.project);
    const id = created.metadata?.id ?? created.id ?? result.project.id;
    const project = { ...result.project, id, metadata: { ...result.project.metadata, id } } as ProjectJson;
    if (result.assets.length > 0) {
      const withUrls = await uploadZipAssets(
        project,
        result.assets,
        (f) => deps.upload(id, f),
        (done, total) => step({ phase: 'uploading', done, total }),
      );
      await deps.api.updateProject(withUrls, revisionOf(created));
    }
    return { id, name: project.metadata.name, warnings: result.warnings };
  });
}
