import { useEffect, useRef, useState } from 'react';
import type { EditorContext } from '../actions/context';
import { VIEW_ONLY_TITLE } from '../actions/view-only';
import { isLocalProjectId } from '../services/local-fallback';
import { addUploadedLayer } from './AddLayerHost';
import { canvasPointAt } from './canvas-point';
import { dropPoint, planDrop } from './drop-plan';
import { readHead } from './sniff';
import type { UploadQueue } from './upload-queue';
import './media.css';

/** Said when files are dropped on a project that lives only in this browser (no server to upload to). */
export const LOCAL_PROJECT_NO_UPLOADS = 'Uploads need the server: this project is kept in this browser until the server is back';

const hasFiles = (e: DragEvent) => [...(e.dataTransfer?.types ?? [])].includes('Files');
/** A dialog that does not take the files itself (the mask tool, a confirmation) gets no upload behind it. */
const inDialog = (target: EventTarget | null) => target instanceof Element && target.closest('[role="dialog"], [aria-modal="true"]') !== null;

/** Uploads dropped files and adds a layer for each accepted one; refusals are toasted with their reason. */
export async function dropFiles(ctx: EditorContext, queue: UploadQueue, files: readonly File[], client: { x: number; y: number }): Promise<void> {
  const project = ctx.store.project;
  if (!project || files.length === 0) return;
  // The drop hint never showed (see onDragOver); a gentle word says why nothing was added.
  if (ctx.store.viewOnly) return ctx.toast(VIEW_ONLY_TITLE, 'info');
  if (isLocalProjectId(ctx.projectId)) return ctx.toast(LOCAL_PROJECT_NO_UPLOADS, 'error');
  const canvas = document.querySelector('[data-testid=stage-canvas]');
  const at = dropPoint(canvas ? canvasPointAt(canvas, client.x, client.y, project.canvas) : null, project.canvas);
  const heads = await Promise.all(files.map((file) => readHead(file)));
  const plan = planDrop(
    files.map((file, i) => ({ name: file.name, size: file.size, head: heads[i] ?? new Uint8Array() })),
    at,
  );
  plan.forEach((decision, i) => {
    const file = files[i];
    if (!decision.ok) return ctx.toast(decision.reason, 'error');
    if (!file) return;
    const described = { name: decision.name, type: decision.type, size: file.size };
    queue.add({ ...described, body: file }).done.then(
      (result) => addUploadedLayer(ctx, decision.layerType, described, result, decision.at),
      (err: Error & { cancelled?: boolean }) => {
        if (!err.cancelled) ctx.toast(`"${decision.name}": ${err.message}`, 'error');
      },
    );
  });
}

/**
 * The whole editor takes files: image, video and GIF files dropped anywhere (the stage, a panel, the
 * top bar; several at once) are checked by their bytes and size, uploaded as project assets with
 * their progress in the upload tray, and each becomes a layer where it was dropped (the canvas
 * centre when dropped off the stage), fanned out by the duplicate offset. Refused files say why; a
 * dropped file never makes the browser leave the editor to show it. Listens on the window, so it
 * sees drops after any drop zone of its own (an Add dialog's) has taken them.
 */
export function EditorDropTarget({ ctx, queue }: { ctx: EditorContext; queue: UploadQueue }) {
  const [over, setOver] = useState(false);
  const latest = useRef({ ctx, queue });
  latest.current = { ctx, queue };

  useEffect(() => {
    const onDragOver = (e: DragEvent) => {
      if (!hasFiles(e) || e.defaultPrevented) return;
      // Always taken, so a file let go anywhere never replaces the editor with the file itself.
      e.preventDefault();
      const refused = inDialog(e.target) || latest.current.ctx.store.viewOnly;
      if (e.dataTransfer) e.dataTransfer.dropEffect = refused ? 'none' : 'copy';
      setOver(!refused);
    };
    // Leaving the window (no related target) ends the hint; moving between elements does not.
    const onDragLeave = (e: DragEvent) => {
      if (!e.relatedTarget) setOver(false);
    };
    const onDrop = (e: DragEvent) => {
      setOver(false);
      // An Add dialog's own drop zone took these files already.
      if (!hasFiles(e) || e.defaultPrevented) return;
      e.preventDefault();
      if (inDialog(e.target)) return;
      void dropFiles(latest.current.ctx, latest.current.queue, [...(e.dataTransfer?.files ?? [])], { x: e.clientX, y: e.clientY });
    };
    window.addEventListener('dragover', onDragOver);
    window.addEventListener('dragleave', onDragLeave);
    window.addEventListener('drop', onDrop);
    return () => {
      window.removeEventListener('dragover', onDragOver);
      window.removeEventListener('dragleave', onDragLeave);
      window.removeEventListener('drop', onDrop);
    };
  }, []);

  return over ? <EditorDropHint /> : null;
}

/** What the editor shows while files are dragged over it. */
export function EditorDropHint() {
  return (
    <div className="editor-drop__hint" data-testid="editor-drop-hint">
      <span>Drop images, videos or GIFs to add them as layers</span>
    </div>
  );
}
