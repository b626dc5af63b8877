import type { Asset } from '@beamstage/layers';
import { useRef, useState } from 'react';
import type { BrowserStorage } from '../../files/browser-storage';
import { BrowserStorageNote } from '../../files/BrowserStorageNote';
import { UploadProgress } from '../../media/UploadProgress';
import type { UploadItem } from '../../media/upload-queue';
import './assets-panel.css';
import { VIEW_ONLY_TITLE } from '../../actions/view-only';

/** The drag data type an asset carries onto the stage. */
export const ASSET_DRAG_TYPE = 'application/x-beamstage-asset';

export interface StorageMeter {
  usedBytes: number;
  limitBytes: number;
}

export interface AssetsPanelViewProps {
  assets: readonly Asset[];
  uploads: readonly UploadItem[];
  storage: StorageMeter | null;
  readOnly: boolean;
  /** Assets this browser holds a copy of (shown as available offline). */
  offlineIds?: ReadonlySet<string> | undefined;
  /** Media URL to its local copy's address, once the api could not be reached. */
  localSrc?: ReadonlyMap<string, string> | undefined;
  /** The browser's own storage (navigator.storage), shown with the offline copies. */
  browserStorage?: BrowserStorage | null | undefined;
  onUpload: (files: File[]) => void;
  onCancelUpload: (id: number) => void;
  onRename: (id: string, name: string) => void;
  onDelete: (asset: Asset) => void;
}

export function formatSize(bytes: number | undefined): string {
  if (typeof bytes !== 'number' || !Number.isFinite(bytes)) return '—';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

const kindOf = (asset: Asset) => (asset.type.startsWith('video') ? 'video' : 'image');

function Thumb({ asset, localSrc }: { asset: Asset; localSrc?: ReadonlyMap<string, string> | undefined }) {
  const online = asset.url ?? asset.data;
  const src = (online && localSrc?.get(online)) || online;
  if (!src) return <span className="asset-thumb asset-thumb--empty" aria-hidden="true" />;
  // A video shows its first frame as the poster (preload metadata, never plays).
  return kindOf(asset) === 'video' ? (
    <video className="asset-thumb" src={`${src}#t=0.1`} preload="metadata" muted playsInline aria-hidden="true" />
  ) : (
    <img className="asset-thumb" src={src} alt="" loading="lazy" />
  );
}

/** The Assets tab: the project's files with thumbnails, upload with progress, rename, delete, drag to the stage. */
export function AssetsPanelView(props: AssetsPanelViewProps) {
  const input = useRef<HTMLInputElement>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const percent = props.storage && props.storage.limitBytes > 0 ? Math.min(100, Math.round((props.storage.usedBytes / props.storage.limitBytes) * 100)) : 0;
  return (
    <section className="assets-panel" aria-label="Assets" data-testid="assets-panel">
      <div className="assets-panel__bar">
        <button
          type="button"
          className="bs-btn bs-btn--secondary bs-btn--sm"
          disabled={props.readOnly}
          title={props.readOnly ? VIEW_ONLY_TITLE : undefined}
          onClick={() => input.current?.click()}
        >
          Upload files
        </button>
        <input
          ref={input}
          type="file"
          hidden
          multiple
          data-testid="assets-upload-input"
          accept="image/png,image/jpeg,image/gif,image/webp,video/mp4,video/webm"
          onChange={(e) => {
            const files = [...(e.target.files ?? [])];
            e.target.value = '';
            if (files.length) props.onUpload(files);
          }}
        />
      </div>
      {props.storage ? (
        <div className="assets-panel__storage" data-testid="assets-storage">
          <span>
            {formatSize(props.storage.usedBytes)} of {formatSize(props.storage.limitBytes)} used
          </span>
          <span className="assets-meter" role="meter" aria-label="Storage used" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
            <span className={percent >= 90 ? 'assets-meter__fill assets-meter__fill--warn' : 'assets-meter__fill'} style={{ width: `${percent}%` }} />
          </span>
        </div>
      ) : null}
      <BrowserStorageNote storage={props.browserStorage ?? null} />
      {props.uploads.length > 0 ? (
        <div className="assets-panel__uploads">
          {props.uploads.map((item) => (
            <UploadProgress key={item.id} item={item} onCancel={props.onCancelUpload} />
          ))}
        </div>
      ) : null}
      {props.assets.length === 0 ? <p className="assets-panel__empty">No files yet. Upload pictures and videos, then drag them onto the stage.</p> : null}
      <ul className="asset-list">
        {props.assets.map((asset) => (
          <li
            key={asset.id}
            className="asset-item"
            data-testid="asset-item"
            data-asset-id={asset.id}
            draggable={!props.readOnly}
            onDragStart={(e) => {
              e.dataTransfer.setData(ASSET_DRAG_TYPE, asset.id);
              e.dataTransfer.effectAllowed = 'copy';
            }}
          >
            <Thumb asset={asset} localSrc={props.localSrc} />
            <div className="asset-item__text">
              {editing === asset.id ? (
                <input
                  className="asset-item__rename"
                  aria-label="Asset name"
                  defaultValue={asset.name}
                  autoFocus
                  onBlur={(e) => {
                    setEditing(null);
                    const name = e.target.value.trim();
                    if (name && name !== asset.name) props.onRename(asset.id, name);
                  }}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') (e.target as HTMLInputElement).blur();
                    if (e.key === 'Escape') setEditing(null);
                  }}
                />
              ) : (
                <span className="asset-item__name" title={asset.name}>
                  {asset.name}
                </span>
              )}
              <span className="asset-item__meta">
                {kindOf(asset)} · {formatSize(asset.size)}
                {props.offlineIds?.has(asset.id) ? (
                  <span
                    className="asset-item__offline"
                    data-testid="asset-offline"
                    title="A copy is kept in this browser: it shows while the server cannot be reached"
                  >
                    {' '}
                    · offline copy
                  </span>
                ) : null}
              </span>
            </div>
            {!props.readOnly ? (
              <div className="asset-item__actions">
                <button type="button" className="icon-button" aria-label={`Rename ${asset.name}`} onClick={() => setEditing(asset.id)}>
                  ✎
                </button>
                <button type="button" className="icon-button" aria-label={`Delete ${asset.name}`} onClick={() => props.onDelete(asset)}>
                  ×
                </button>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
