import type { UploadQueue } from './upload-queue';
import { UploadProgress } from './UploadProgress';
import { useUploadItems } from './use-upload-items';
import './media.css';

/** Uploads started by dropping files on the stage, with progress and cancel, while they run. */
export function UploadTray({ queue }: { queue: UploadQueue }) {
  const items = useUploadItems(queue).filter((i) => i.state === 'queued' || i.state === 'requesting' || i.state === 'uploading' || i.state === 'publishing');
  if (items.length === 0) return null;
  return (
    <div className="upload-tray" role="status" aria-label="Uploads">
      {items.map((item) => (
        <UploadProgress key={item.id} item={item} onCancel={(id) => queue.cancel(id)} />
      ))}
    </div>
  );
}
