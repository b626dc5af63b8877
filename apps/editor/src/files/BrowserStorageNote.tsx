import type { BrowserStorage } from './browser-storage';
import { browserStorageNotice } from './browser-storage';
import './files.css';

/** The browser's storage beside the offline cache: what it holds, and a warning before it could be evicted. */
export function BrowserStorageNote({ storage }: { storage: BrowserStorage | null }) {
  if (!storage) return null;
  const notice = browserStorageNotice(storage);
  return (
    <div className={`browser-storage browser-storage--${notice.level}`} data-testid="browser-storage">
      <p className="browser-storage__summary">{notice.summary}</p>
      {notice.warning ? (
        <p className="browser-storage__warning" role="status" data-testid="browser-storage-warning">
          {notice.warning}
        </p>
      ) : null}
    </div>
  );
}
