import { restoreBackupData } from '@beamstage/layers';
import { useEffect, useState } from 'react';
import type { LiveSession } from '../live/live-session';
import type { LocalBackup } from '../services/local-db';
import { browserLocalDb } from '../services/local-projects';
import type { EditorStore } from '../state/editor-store';
import { toast } from '../state/ui-store';
import { BackupsDialog } from './BackupsDialog';

/** Loads the open project's backups and restores one as an undoable edit of the live document. */
export function BackupsHost({ projectId, store, live }: { projectId: string; store: EditorStore; live: LiveSession }) {
  const [backups, setBackups] = useState<LocalBackup[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    void browserLocalDb()
      .then((db) => db.listBackups(projectId))
      .then((list) => !cancelled && setBackups(list));
    return () => {
      cancelled = true;
    };
  }, [projectId]);

  const close = () => (store.filesDialog = 'none');
  const restore = (backup: LocalBackup) => {
    try {
      const project = restoreBackupData(backup.projectData);
      live.edit({ kind: 'restore-backup', project });
      toast(`Backup from ${new Date(backup.timestamp).toLocaleString()} restored. Undo brings back what you had.`, 'success');
      close();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  return <BackupsDialog backups={backups} error={error} onRestore={restore} onClose={close} />;
}
