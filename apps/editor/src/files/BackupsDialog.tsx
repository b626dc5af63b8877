import type { LocalBackup } from '../services/local-db';
import { BackupPreview } from './BackupPreview';
import './files.css';

export interface BackupsDialogProps {
  /** Newest first; null while loading. */
  backups: readonly LocalBackup[] | null;
  error: string | null;
  onRestore: (backup: LocalBackup) => void;
  onClose: () => void;
  /** Formats a backup's time for the list. */
  formatTime?: (timestampMs: number) => string;
}

const defaultTime = (t: number) => new Date(t).toLocaleString();

/** The project's local backups by time, each with a preview, and Restore. */
export function BackupsDialog({ backups, error, onRestore, onClose, formatTime = defaultTime }: BackupsDialogProps) {
  return (
    <div className="overlay-backdrop" onPointerDown={(event) => event.target === event.currentTarget && onClose()}>
      <section
        className="bs-dialog files-dialog"
        role="dialog"
        aria-modal="true"
        aria-label="Backups"
        onKeyDown={(event) => event.key === 'Escape' && onClose()}
      >
        <header className="bs-dialog__head">
          <h2>Backups</h2>
          <button type="button" className="icon-button" aria-label="Close" onClick={onClose} autoFocus>
            ×
          </button>
        </header>
        <div className="files-dialog__body">
          <p className="files-dialog__note">
            Kept in this browser: one on every save and every 5 minutes of editing, the 10 newest. Restoring is one step you can undo.
          </p>
          {error ? (
            <p className="files-dialog__error" role="alert">
              {error}
            </p>
          ) : null}
          {backups === null ? <p className="files-dialog__note">Loading…</p> : null}
          {backups !== null && backups.length === 0 ? <p className="files-dialog__empty">No backups yet. Save the project to make the first one.</p> : null}
          {backups && backups.length > 0 ? (
            <ul className="backup-list">
              {backups.map((b) => (
                <li key={b.timestamp} className="backup-list__item" data-testid="backup-item">
                  <BackupPreview project={b.projectData} />
                  <div className="backup-list__text">
                    <strong>{formatTime(b.timestamp)}</strong>
                    <span>
                      {Array.isArray(b.projectData.layers) ? b.projectData.layers.length : 0} layers · {b.projectData.canvas?.width}×
                      {b.projectData.canvas?.height}
                    </span>
                  </div>
                  <button type="button" className="bs-btn bs-btn--secondary bs-btn--sm" onClick={() => onRestore(b)}>
                    Restore
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </section>
    </div>
  );
}
