// 'Draw Freehand Mask': the React shell over MaskModel (spec section 2, design.md sections 1 and 7).
import type { PointerEvent as ReactPointerEvent, ReactElement } from 'react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { LayerBackgroundMemo, MaskEditorLayer, MaskModel, MasksClient, SavedMaskAsset, SerializedMask } from '../index';
import {
  LAYER_BACKGROUND_OPACITY,
  MASK_CANVAS_SIZE_PX,
  MaskModel as Model,
  decideLayerBackground,
  deserializeMask,
  handleMaskKey,
  layerBackgroundMemo,
  requestClearAll,
} from '../index';
import { isEditableTarget, loadBackgroundFile } from './background-loader';
import { Icon } from './icons';
import { MaskSidebar } from './MaskSidebar';
import { ViewPainter } from './paint';
import type { MaskToast } from './store';
import { ensureMaskModalStyles } from './styles';
import { useMaskSave } from './use-mask-save';

export interface MaskModalProps {
  /** Called for the x button, an overlay click, Cancel, Esc and after a successful save. */
  readonly onClose: () => void;
  readonly layer?: MaskEditorLayer | null;
  readonly onMaskSaved?: (asset: SavedMaskAsset) => void;
  readonly onToast?: MaskToast;
  /** The api's /api/masks/* calls; without it, saving reports an error toast. */
  readonly client?: MasksClient;
  /** The active project; saving without one fails with 'No active project'. */
  readonly projectId?: string | null;
  /** Adds the saved asset to the active project's assets. */
  readonly addAsset?: (asset: SavedMaskAsset) => void | Promise<void>;
  /** Edge feather of the exported mask in px (beyond the spec; default 0). */
  readonly featherPx?: number;
  /** Clear-all confirmation (default window.confirm). */
  readonly confirm?: (message: string) => boolean;
  readonly now?: () => Date;
  /** A drawing to start from (stories, re-editing a saved drawing). */
  readonly initialDrawing?: SerializedMask;
  /** A model to drive (tests and stories); a fresh one is made otherwise. */
  readonly model?: MaskModel;
  /** Paints the view (tests pass one to count repaints). */
  readonly painter?: ViewPainter;
  /** Logs unsupported layer types and background failures (default console.warn). */
  readonly log?: (message: string) => void;
}

const noToast: MaskToast = () => undefined;

/** The mask modal; mount it to show it (MaskModalHost mounts it on openMaskModal()). */
export function MaskModal(props: MaskModalProps): ReactElement {
  const { onClose, layer } = props;
  const model = useMemo(() => {
    if (props.model) return props.model;
    const loaded = props.initialDrawing ? deserializeMask(props.initialDrawing) : null;
    return new Model(loaded ? { initialItems: loaded.items, initialCurrentPath: loaded.currentPath } : {});
    // The model lives for one opening of the modal: later prop changes do not reset the drawing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const state = useSyncExternalStore(model.subscribe, model.getState, model.getState);
  const toast = props.onToast ?? noToast;
  const log = useMemo(() => props.log ?? ((m: string) => console.warn(`[mask-tool] ${m}`)), [props.log]);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const overlayDown = useRef(false);
  // Per opening: a fresh opening removes the background, so it must be able to set it again at once.
  const lastLayerBackground = useRef<LayerBackgroundMemo | null>(null);
  const [panning, setPanning] = useState(false);
  const [ownPainter] = useState(() => new ViewPainter());
  const painter = props.painter ?? ownPainter;

  const dialogRef = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    ensureMaskModalStyles(document);
    // Focus moves into the dialog so screen readers announce it and keys do not reach the page behind.
    dialogRef.current?.focus();
  }, []);

  // A layer passed in becomes the background at 0.3 opacity (image, video, mask, giphy with a source).
  useEffect(() => {
    if (!layer) return;
    const decision = decideLayerBackground(layer, performance.now(), lastLayerBackground.current);
    if (decision.kind === 'unsupported') log(decision.reason);
    if (decision.kind !== 'set') return;
    lastLayerBackground.current = layerBackgroundMemo(layer, performance.now());
    model.setBackgroundImage({
      src: decision.src,
      width: layer.width ?? 400,
      height: layer.height ?? 400,
      label: layer.id,
      mediaKind: decision.mediaKind,
    });
    model.setBackgroundOpacity(LAYER_BACKGROUND_OPACITY);
  }, [layer, model, log]);

  useEffect(() => {
    const ctx = canvasRef.current?.getContext('2d');
    if (!ctx) return;
    const active = state.activeStroke ? { kind: 'stroke' as const, stroke: state.activeStroke } : null;
    painter.paint(ctx, state.view, state.items, active, state.currentPath);
  }, [state, painter]);

  const clearAll = useCallback(() => {
    requestClearAll(model, props.confirm ?? ((m) => window.confirm(m)));
  }, [model, props.confirm]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const result = handleMaskKey(model, {
        key: e.key,
        ctrlKey: e.ctrlKey,
        metaKey: e.metaKey,
        shiftKey: e.shiftKey,
        editableTarget: isEditableTarget(e.target),
      });
      if (result === 'ignored') return;
      e.preventDefault();
      e.stopPropagation(); // the editor's own Ctrl+Z and Delete must not act behind the modal
      if (result === 'close') onClose();
      if (result === 'confirmClearAll') clearAll();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [model, onClose, clearAll]);

  // Wheel needs a non-passive listener so the page does not scroll while zooming.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      model.wheel(e.deltaY, toCanvas(canvas, e.clientX, e.clientY));
    };
    canvas.addEventListener('wheel', onWheel, { passive: false });
    return () => canvas.removeEventListener('wheel', onWheel);
  }, [model]);

  const [saving, save] = useMaskSave({
    model,
    client: props.client,
    projectId: props.projectId,
    addAsset: props.addAsset,
    onMaskSaved: props.onMaskSaved,
    toast,
    close: onClose,
    featherPx: props.featherPx ?? 0,
    now: props.now ?? (() => new Date()),
  });

  const pointer = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    const p = toCanvas(e.currentTarget, e.clientX, e.clientY);
    return { ...p, button: e.button, ctrlKey: e.ctrlKey, metaKey: e.metaKey };
  };
  const bg = state.backgroundImage;
  const v = state.view;
  const scale = `translate(${(v.panX / MASK_CANVAS_SIZE_PX) * 100}%, ${(v.panY / MASK_CANVAS_SIZE_PX) * 100}%) scale(${v.zoom})`;
  const disabled = !state.hasContent || saving;

  return (
    <div
      className="bsm-overlay"
      data-testid="mask-modal-overlay"
      onPointerDown={(e) => {
        overlayDown.current = e.target === e.currentTarget;
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget && overlayDown.current) onClose();
      }}
    >
      <div ref={dialogRef} tabIndex={-1} className="bsm-modal" role="dialog" aria-modal="true" aria-labelledby="bsm-title">
        <header className="bsm-header">
          <h2 id="bsm-title" className="bsm-title">
            Draw Freehand Mask
          </h2>
          <button type="button" className="bsm-x" aria-label="Close" title="Close (Esc)" onClick={onClose}>
            <Icon name="x" />
          </button>
        </header>
        <div className="bsm-body">
          <MaskSidebar
            model={model}
            state={state}
            onClearAll={clearAll}
            onBackgroundFile={(file) => loadBackgroundFile(file, (img) => model.setBackgroundImage(img), toast)}
          />
          <div className="bsm-stage-wrap">
            <div className="bsm-stage">
              {bg && (
                <div className="bsm-bg" style={{ transform: scale, opacity: state.backgroundOpacity }} data-testid="mask-background">
                  {bg.mediaKind === 'video' ? (
                    <video src={bg.src} muted autoPlay loop playsInline style={{ objectFit: state.backgroundFitMode }} />
                  ) : (
                    <img src={bg.src} alt="" style={{ objectFit: state.backgroundFitMode }} onError={() => log(`Failed to load background ${bg.label}`)} />
                  )}
                </div>
              )}
              <canvas
                ref={canvasRef}
                className="bsm-canvas"
                width={MASK_CANVAS_SIZE_PX}
                height={MASK_CANVAS_SIZE_PX}
                data-tool={state.tool}
                data-panning={panning}
                data-testid="mask-canvas"
                aria-label="Mask drawing canvas"
                onContextMenu={(e) => e.preventDefault()}
                onPointerDown={(e) => {
                  if (e.button === 1) e.preventDefault(); // no middle-click autoscroll
                  model.pointerDown(pointer(e));
                  setPanning(model.isPanning());
                }}
                onPointerMove={(e) => model.pointerMove(pointer(e))}
                onPointerUp={() => {
                  model.pointerUp();
                  setPanning(false);
                }}
                onPointerLeave={() => {
                  model.pointerLeave();
                  setPanning(false);
                }}
              />
              <div className="bsm-zoom">{Math.round(v.zoom * 100)}%</div>
            </div>
          </div>
        </div>
        <footer className="bsm-footer">
          <span className="bsm-hint">{hint(state.tool)}</span>
          <div className="bsm-row">
            <button type="button" className="bsm-btn" onClick={onClose}>
              Cancel
            </button>
            <button type="button" className="bsm-btn bsm-primary" disabled={disabled} onClick={() => void save('png')}>
              {saving ? 'Saving...' : 'Save as PNG'}
            </button>
            <button type="button" className="bsm-btn" disabled={disabled} onClick={() => void save('svg')}>
              Save as SVG
            </button>
          </div>
        </footer>
      </div>
    </div>
  );
}

function hint(tool: string): string {
  if (tool === 'pen') return 'Click to add points, drag for curves, click the first point to close.';
  return tool === 'brush' ? 'Paint the mask. [ and ] change the size.' : 'Erase parts of the mask. [ and ] change the size.';
}

/** Client coordinates to canvas px (the canvas is shown scaled to fit the window). */
function toCanvas(canvas: HTMLCanvasElement, clientX: number, clientY: number): { x: number; y: number } {
  const rect = canvas.getBoundingClientRect();
  const sx = rect.width > 0 ? canvas.width / rect.width : 1;
  const sy = rect.height > 0 ? canvas.height / rect.height : 1;
  return { x: (clientX - rect.left) * sx, y: (clientY - rect.top) * sy };
}
