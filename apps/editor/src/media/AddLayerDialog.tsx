import type { Asset, LayerType } from '@beamstage/layers';
import { useEffect, useRef, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { checkLayerUrl } from './layer-url-policy';
import type { LayerUrlPolicy } from './layer-url-policy';
import type { LayerSource } from './media-layer';
import { assetsOfKind } from './media-layer';
import { ACCEPT_BY_KIND } from './sniff';
import type { MediaKind } from './sniff';
import { startUpload } from './upload-file';
import type { UploadQueue, UploadResult } from './upload-queue';
import { UploadProgress } from './UploadProgress';
import { useUploadItems } from './use-upload-items';
import './media.css';

/** The layer types this dialog adds (the others need no source: they start from the spec's sample). */
export type SourceLayerType = Extract<LayerType, 'image' | 'video' | 'url' | 'giphy' | 'rtmp'>;

export interface AddLayerDialogProps {
  type: SourceLayerType;
  /** The project's assets, for "Project assets". */
  assets: readonly Asset[];
  queue: UploadQueue;
  /** The address rule in this browser (https only, loopback http in development, never our pages). */
  urlPolicy: LayerUrlPolicy;
  /** The bundled sample picture (image layers only): something to map without a file at hand. */
  sampleImageSrc?: string;
  /** A source was chosen: add the layer. */
  onSource(source: LayerSource): void;
  /** An upload finished: add the layer showing it and record the asset. */
  onUploaded(kind: MediaKind, file: { name: string; type: string; size: number }, result: UploadResult): void;
  onClose(): void;
  /** Stories only: the tab shown first. */
  initialTab?: MediaTab;
}

type MediaTab = 'file' | 'url' | 'assets';

const TITLES: Record<SourceLayerType, string> = {
  image: 'Add an image layer',
  video: 'Add a video layer',
  url: 'Add a web page (URL) layer',
  giphy: 'Add a GIF layer',
  rtmp: 'Add a live stream layer',
};

/** The Add dialog of the layer types that need a source: a file, an address or a stream. */
export function AddLayerDialog(props: AddLayerDialogProps) {
  const { type, onClose } = props;
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.querySelector<HTMLElement>('input, button.add-dialog__tab--active')?.focus();
  }, [type]);
  return (
    <div className="overlay-backdrop" onPointerDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={ref}
        className="bs-dialog add-dialog"
        role="dialog"
        aria-modal="true"
        aria-label={TITLES[type]}
        data-testid="add-layer-dialog"
        onKeyDown={(e) => {
          // A modal: the editor's shortcuts (Delete, arrows, Ctrl+D) must not act on the layers behind it.
          e.stopPropagation();
          if (e.key === 'Escape') onClose();
        }}
      >
        <div className="bs-dialog__head">
          <h2>{TITLES[type]}</h2>
          <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
            ×
          </button>
        </div>
        {type === 'image' || type === 'video' ? <MediaSource {...props} kind={type} /> : null}
        {type === 'url' ? (
          <UrlSource
            {...props}
            label="Page address"
            hint="An https:// page. It is shown in a frame above the canvas layers."
            make={(url) => ({ type: 'url', url })}
          />
        ) : null}
        {type === 'giphy' ? (
          <UrlSource {...props} label="GIF address" hint="The address of an animated GIF (https)." make={(src) => ({ type: 'giphy', src })} />
        ) : null}
        {type === 'rtmp' ? <StreamSource {...props} /> : null}
      </div>
    </div>
  );
}

function Field({ label, hint, error, children }: { label: string; hint?: string; error?: string | null; children: ReactNode }) {
  return (
    <label className="bs-field add-dialog__field">
      <span>{label}</span>
      {children}
      {error ? (
        <span className="bs-field__error" role="alert">
          {error}
        </span>
      ) : hint ? (
        <span className="bs-field__hint">{hint}</span>
      ) : null}
    </label>
  );
}

function UrlSource({ urlPolicy, onSource, label, hint, make }: AddLayerDialogProps & { label: string; hint: string; make: (url: string) => LayerSource }) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = checkLayerUrl(value, urlPolicy);
    if (!checked.ok) return setError(checked.reason);
    onSource(make(checked.url));
  };
  return (
    <form className="add-dialog__body" onSubmit={submit} noValidate>
      <Field label={label} hint={hint} error={error}>
        <input
          type="url"
          value={value}
          placeholder="https://"
          aria-invalid={error ? true : undefined}
          onChange={(e) => (setValue(e.target.value), setError(null))}
        />
      </Field>
      <div className="add-dialog__actions">
        <button type="submit" className="bs-btn bs-btn--primary">
          Add layer
        </button>
      </div>
    </form>
  );
}

function StreamSource({ urlPolicy, onSource }: AddLayerDialogProps) {
  const [url, setUrl] = useState('');
  const [hls, setHls] = useState('');
  const [errors, setErrors] = useState<{ url?: string; hls?: string }>({});
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const stream = checkLayerUrl(url, { ...urlPolicy, kind: 'stream' });
    // Browsers cannot play RTMP: the HLS fallback is what the stage shows, so it is required too.
    const fallback = checkLayerUrl(hls, { ...urlPolicy, kind: 'web' });
    const next = { ...(stream.ok ? {} : { url: stream.reason }), ...(fallback.ok ? {} : { hls: fallback.reason }) };
    setErrors(next);
    if (stream.ok && fallback.ok) onSource({ type: 'rtmp', url: stream.url, fallbackHls: fallback.url });
  };
  return (
    <form className="add-dialog__body" onSubmit={submit} noValidate>
      <Field label="Stream address" hint="rtmp://, rtmps:// or https://" error={errors.url}>
        <input value={url} placeholder="rtmp://" aria-invalid={errors.url ? true : undefined} onChange={(e) => setUrl(e.target.value)} />
      </Field>
      <Field label="HLS fallback address" hint="An https:// .m3u8 playlist: browsers play this one." error={errors.hls}>
        <input value={hls} placeholder="https://…/stream.m3u8" aria-invalid={errors.hls ? true : undefined} onChange={(e) => setHls(e.target.value)} />
      </Field>
      <div className="add-dialog__actions">
        <button type="submit" className="bs-btn bs-btn--primary">
          Add layer
        </button>
      </div>
    </form>
  );
}

function MediaSource(props: AddLayerDialogProps & { kind: MediaKind }) {
  const { kind, initialTab } = props;
  const [tab, setTab] = useState<MediaTab>(initialTab ?? 'file');
  const tabs: { id: MediaTab; label: string }[] = [
    { id: 'file', label: 'Upload a file' },
    { id: 'url', label: 'From a URL' },
    { id: 'assets', label: 'Project assets' },
  ];
  return (
    <>
      <div className="add-dialog__tabs" role="tablist" aria-label="Source">
        {tabs.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            aria-selected={tab === t.id}
            className={tab === t.id ? 'add-dialog__tab add-dialog__tab--active' : 'add-dialog__tab'}
            onClick={() => setTab(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      {tab === 'file' ? <FileTab {...props} /> : null}
      {tab === 'url' ? (
        <UrlSource
          {...props}
          label={kind === 'image' ? 'Image address' : 'Video address'}
          hint="An https:// address of the file."
          make={(src) => ({ type: kind, src })}
        />
      ) : null}
      {tab === 'assets' ? <AssetsTab {...props} /> : null}
    </>
  );
}

function FileTab({ kind, queue, onUploaded, sampleImageSrc, onSource }: AddLayerDialogProps & { kind: MediaKind }) {
  const items = useUploadItems(queue);
  const [uploadId, setUploadId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [over, setOver] = useState(false);
  const item = items.find((i) => i.id === uploadId) ?? null;
  const busy = item !== null && (item.state === 'queued' || item.state === 'requesting' || item.state === 'uploading' || item.state === 'publishing');
  // Closing the dialog mid-upload cancels it: no layer appears later behind the person's back.
  useEffect(() => () => void (uploadId !== null && queue.cancel(uploadId)), [queue, uploadId]);

  const choose = async (file: File | undefined) => {
    if (!file || busy) return;
    setError(null);
    const started = await startUpload(queue, file, kind);
    if (!started.ok) return setError(started.reason);
    setUploadId(started.id);
    // Failure and cancel show on the progress row; only success adds a layer.
    started.done.then(
      (result) => onUploaded(kind, started.file, result),
      () => undefined,
    );
  };

  return (
    <div className="add-dialog__body">
      <label
        className={over ? 'add-dialog__drop add-dialog__drop--over' : 'add-dialog__drop'}
        onDragOver={(e) => (e.preventDefault(), setOver(true))}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => {
          e.preventDefault();
          setOver(false);
          void choose(e.dataTransfer.files[0]);
        }}
      >
        <span className="add-dialog__drop-title">{kind === 'image' ? 'Choose an image' : 'Choose a video'}</span>
        <span className="bs-field__hint">
          {kind === 'image' ? 'PNG, JPEG, GIF or WebP' : 'MP4 or WebM'} · or drop it here · uploaded to this project&apos;s assets
        </span>
        <input
          type="file"
          className="add-dialog__file"
          aria-label={kind === 'image' ? 'Image file' : 'Video file'}
          accept={ACCEPT_BY_KIND[kind]}
          disabled={busy}
          onChange={(e) => {
            void choose(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </label>
      {error ? (
        <p className="add-dialog__error" role="alert">
          {error}
        </p>
      ) : null}
      {item ? <UploadProgress item={item} onCancel={(id) => queue.cancel(id)} /> : null}
      {kind === 'image' && sampleImageSrc ? (
        <div className="add-dialog__actions">
          <button type="button" className="bs-btn bs-btn--secondary" onClick={() => onSource({ type: 'image', src: sampleImageSrc })} disabled={busy}>
            Use the sample picture
          </button>
        </div>
      ) : null}
    </div>
  );
}

function AssetsTab({ kind, assets, onSource }: AddLayerDialogProps & { kind: MediaKind }) {
  const list = assetsOfKind(assets, kind);
  if (list.length === 0)
    return <p className="add-dialog__body add-dialog__empty">No {kind === 'image' ? 'images' : 'videos'} in this project yet: upload one first.</p>;
  return (
    <ul className="add-dialog__body add-dialog__assets" aria-label="Project assets">
      {list.map((asset) => {
        const src = asset.url ?? asset.data ?? '';
        return (
          <li key={asset.id}>
            <button type="button" className="add-dialog__asset" onClick={() => onSource({ type: kind, src })} title={asset.name}>
              {kind === 'image' ? <img src={src} alt="" loading="lazy" /> : <span className="add-dialog__asset-icon">▶</span>}
              <span>{asset.name}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
