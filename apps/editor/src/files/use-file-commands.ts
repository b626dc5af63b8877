import { exportProjectJson, exportProjectZip } from '@beamstage/layers';
import type { ProjectJson } from '@beamstage/layers';
import { useEffect, useMemo, useRef } from 'react';
import type { FileCommands } from '../actions/context';
import type { ApiClient } from '../api/client';
import { browserLocalDb } from '../services/local-projects';
import type { EditorStore } from '../state/editor-store';
import { toast } from '../state/ui-store';
import { downloadFile, pickFile } from './download';
import { importUploader } from './import-upload';
import { fileOperations, importProjectFile } from './import-project-file';
import { collectZipFiles, planZipExport } from './zip-assets';

/** A backup every 5 minutes of editing (spec section 3), besides the one each save writes. */
export const BACKUP_INTERVAL_MS = 5 * 60_000;

const snapshotOf = (store: EditorStore) => (store.project ? (JSON.parse(JSON.stringify(store.project)) as ProjectJson) : null);

async function fetchBytes(url: string): Promise<Uint8Array> {
  const response = await fetch(url, { credentials: 'omit' });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

/** Writes a local backup of the open project now; false (logged inside) on failure. */
export async function backupNow(store: EditorStore, nowMs: number): Promise<boolean> {
  const project = snapshotOf(store);
  if (!project) return false;
  return (await browserLocalDb()).writeBackup(project, nowMs);
}

/** Export, import and timed backups for the open project. */
export function useFileCommands(store: EditorStore, api: ApiClient): FileCommands {
  const lastBackedUp = useRef<unknown>(null);

  // Every 5 minutes of editing: a backup when the project changed since the last one.
  useEffect(() => {
    const timer = window.setInterval(() => {
      if (!store.project || store.project === lastBackedUp.current) return;
      lastBackedUp.current = store.project;
      void backupNow(store, Date.now());
    }, BACKUP_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [store]);

  return useMemo<FileCommands>(
    () => ({
      busy: () => fileOperations.busy(),
      exportJson: () =>
        fileOperations
          .run(async () => {
            const project = snapshotOf(store);
            if (!project) return;
            const file = exportProjectJson(project);
            downloadFile(file.fileName, file.mimeType, file.text);
            toast(`Exported ${file.fileName}`, 'success');
          })
          .catch((e: unknown) => toast(`Export failed: ${e instanceof Error ? e.message : String(e)}`, 'error')),
      exportZip: () =>
        fileOperations
          .run(async () => {
            const project = snapshotOf(store);
            if (!project) return;
            toast('Preparing the zip…', 'info');
            const collected = await collectZipFiles(planZipExport(project), fetchBytes);
            const file = await exportProjectZip(collected.project, collected.files);
            downloadFile(file.fileName, file.mimeType, file.bytes as BlobPart);
            toast(
              collected.missing.length
                ? `Exported ${file.fileName}; not carried (kept as links): ${collected.missing.join(', ')}`
                : `Exported ${file.fileName}`,
              'success',
            );
          })
          .catch((e: unknown) => toast(`Export failed: ${e instanceof Error ? e.message : String(e)}`, 'error')),
      importFile: async () => {
        const file = await pickFile('.json,.zip,application/json,application/zip');
        if (!file) return;
        try {
          const imported = await importProjectFile(file, { api, upload: importUploader(api), nowMs: Date.now() });
          if (imported.warnings.length) toast(`Imported with warnings: ${imported.warnings.slice(0, 3).join('; ')}`, 'info');
          toast(`Imported "${imported.name}" as a new project`, 'success');
          window.location.assign(`/editor/${encodeURIComponent(imported.id)}`);
        } catch (e) {
          toast(`Import failed: ${e instanceof Error ? e.message : String(e)}`, 'error');
        }
      },
    }),
    [api, store],
  );
}
