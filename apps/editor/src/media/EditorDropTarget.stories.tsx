import { EditorDropHint } from './EditorDropTarget';
import type { UploadItem } from './upload-queue';
import { UploadProgress } from './UploadProgress';
import './media.css';

// The drop hint over the whole editor and the tray of uploads started by a drop (EditorDropTarget
// shows the hint only while files are dragged over the window, so its markup is shown here).
const items: UploadItem[] = [
  { id: 1, name: 'facade.png', type: 'image/png', state: 'uploading', loaded: 420_000, total: 1_000_000, error: null, result: null },
  { id: 2, name: 'sparkle.gif', type: 'image/gif', state: 'queued', loaded: 0, total: 43, error: null, result: null },
];

function DropHint() {
  return (
    <div style={{ height: 360 }}>
      <EditorDropHint />
      <div className="upload-tray">
        {items.map((item) => (
          <UploadProgress key={item.id} item={item} onCancel={() => undefined} />
        ))}
      </div>
    </div>
  );
}

export default { title: 'Editor/Media/Drop anywhere', component: DropHint };

export const WhileDragging = {};
