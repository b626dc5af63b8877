// Export as JSON and as zip, named after the project (spec section 4).
import JSZip from 'jszip';
import { DEFAULT_PROJECT_NAME } from '../schema/defaults';
import type { ProjectJson } from '../schema/types';
import { badEntryName } from './zip-guard';

/** A file name from the project name: path separators and control characters removed. */
export function exportBaseName(project: Pick<ProjectJson, 'metadata'>): string {
  const cleaned = (project.metadata?.name ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]/g, '')
    .trim()
    .slice(0, 120);
  return cleaned.length > 0 && cleaned !== '.' && cleaned !== '..' ? cleaned : DEFAULT_PROJECT_NAME;
}

export interface ExportedFile {
  fileName: string;
  mimeType: string;
}

/** The project as pretty JSON text, file name "{project name}.json". */
export function exportProjectJson(project: ProjectJson): ExportedFile & { text: string } {
  return { fileName: `${exportBaseName(project)}.json`, mimeType: 'application/json', text: JSON.stringify(project, null, 2) };
}

/** An asset's bytes to put in the zip, under assets/{assetId}/{name}. */
export interface AssetFileForExport {
  assetId: string;
  name: string;
  bytes: Uint8Array;
}

/** The project as a zip with project.json at the root and asset files under assets/, "{project name}.zip". */
export async function exportProjectZip(project: ProjectJson, assetFiles: readonly AssetFileForExport[] = []): Promise<ExportedFile & { bytes: Uint8Array }> {
  const zip = new JSZip();
  zip.file('project.json', JSON.stringify(project, null, 2));
  for (const a of assetFiles) {
    const path = `assets/${a.assetId}/${a.name}`;
    if (badEntryName(path) || a.assetId.includes('/') || a.name.includes('/')) continue;
    zip.file(path, a.bytes);
  }
  const bytes = await zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
  return { fileName: `${exportBaseName(project)}.zip`, mimeType: 'application/zip', bytes };
}
