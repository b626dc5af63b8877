import { useState } from 'react';
import type { DragEvent, ReactNode } from 'react';
import type { EditorContext } from '../actions/context';
import { addUploadedLayer } from './AddLayerHost';
import { detectMediaType, readHead } from './sniff';
import { startUpload } from './upload-file';
import type { UploadQueue } from './upload-queue';
import './media.css';

/** The canvas point under a client point, from the stage canvas's box (which includes any stage zoom). */
export function canvasPointAt(canvas: Element, clientX: number, clientY: number, size: { width: number; height: number }): { x: number; y: number } {
  const rect = canvas.getBoundingClientRect();
  const x = ((clientX - rect.left) / Math.max(1, rect.width)) * size.width;
  const y = ((clientY - rect.top) / Math.max(1, rect.height)) * size.height;
  return { x: Math.round(x * 10) / 10, y: Math.round(y * 10) / 10 };
}

const hasFiles = (e: DragEvent) => [...e.dataTransfer.types].includes('Files');

/**
 * Around the stage: an image or video file dropped here is checked, uploaded to the project's
 * assets (progress in the upload tray) and added as a layer centred where it was dropped.
 */
export function StageDropTarget({ ctx, queue, children }: { ctx: EditorContext; queue: UploadQueue; children: ReactNode }) {
  const [over, setOver] = useState(false);
  const onDrop = async (e: DragEvent<HTMLDivElement>) => {
    if (!hasFiles(e)) return;
    e.preventDefault();
    setOver(false);
    const project = ctx.store.project;
    const file = e.dataTransfer.files[0];
    const canvas = e.currentTarget.querySelector('[data-testid=stage-canvas]');
    if (!file || !project || !canvas) return;
    if (ctx.store.viewOnly) return ctx.toast('You can view this project but not edit it', 'error');
    const at = canvasPointAt(canvas, e.clientX, e.clientY, project.canvas);
    // The bytes say whether it is an image or a video; anything else is refused with a reason.
    const kind = detectMediaType(await readHead(file))?.kind ?? 'image';
    const started = await startUpload(queue, file, kind);
    if (!started.ok) return ctx.toast(started.reason, 'error');
    started.done.then(
      (result) => addUploadedLayer(ctx, kind, started.file, result, at),
      (err: Error & { cancelled?: boolean }) => {
        if (!err.cancelled) ctx.toast(err.message, 'error');
      },
    );
  };
  return (
    <div
      className="stage-drop"
      data-testid="stage-drop"
      onDragOver={(e) => {
        if (!hasFiles(e)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'copy';
        setOver(true);
      }}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={(e) => void onDrop(e)}
    >
      {children}
      {over ? <div className="stage-drop__hint">Drop to add it to the stage</div> : null}
    </div>
  );
}
