import type { UploadItem } from './upload-queue';

const STATE_TEXT: Record<UploadItem['state'], string> = {
  queued: 'Waiting…',
  requesting: 'Preparing…',
  uploading: 'Uploading…',
  publishing: 'Finishing…',
  done: 'Uploaded',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** One upload's progress bar with its cancel button (the dialog and the drop tray show these). */
export function UploadProgress({ item, onCancel }: { item: UploadItem; onCancel?: (id: number) => void }) {
  const percent = item.total > 0 ? Math.round((item.loaded / item.total) * 100) : 0;
  const active = item.state === 'queued' || item.state === 'requesting' || item.state === 'uploading' || item.state === 'publishing';
  return (
    <div className={`upload upload--${item.state}`} data-testid="upload-progress">
      <div className="upload__line">
        <span className="upload__name">{item.name}</span>
        <span className="upload__state">{item.state === 'uploading' ? `${percent}%` : STATE_TEXT[item.state]}</span>
        {active && onCancel ? (
          <button type="button" className="bs-btn bs-btn--ghost bs-btn--sm" onClick={() => onCancel(item.id)}>
            Cancel
          </button>
        ) : null}
      </div>
      <div className="upload__bar" role="progressbar" aria-label={`Upload of ${item.name}`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
        <div className="upload__fill" style={{ width: `${item.state === 'done' ? 100 : percent}%` }} />
      </div>
      {item.error && item.state === 'failed' ? (
        <p className="upload__error" role="alert">
          {item.error}
        </p>
      ) : null}
    </div>
  );
}
