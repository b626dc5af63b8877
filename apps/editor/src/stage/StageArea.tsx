import type { Layer, Point, ProjectJson } from '@beamstage/layers';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { PointerEvent as ReactPointerEvent } from 'react';
import { useSnapshot } from 'valtio';
import type { EditorContext } from '../actions/context';
import { isTypingTarget } from '../actions/typing';
import type { PeerView } from '../state/editor-store';
import { Loupe, placeLoupe } from './Loupe';
import { PresenceOutlines } from './PresenceOutlines';
import { LOADING_TEXTS } from '@beamstage/ui';
import { clearLayerIssues, reportLayerIssue } from './layer-issues';
import { createMediaLoadGate } from './media-load-gate';
import { StageCanvas } from './StageCanvas';
import { useSandboxOrigin } from './use-sandbox-origin';
import { SelectionOverlay } from './SelectionOverlay';
import { handleAt, handleHitPx, handlesFor } from './tools/handles';
import { layerAt } from './tools/hit-test';
import { drawLoupe } from './tools/loupe-draw';
import { sessionViewport, storeViewport } from './tools/session-viewport';
import { createStageToolMachine } from './tools/stage-machine';
import type { StageToolView } from './tools/stage-machine';
import type { Modifiers, StageHost } from './tools/tool';
import { outputTargetAt } from './tools/output-warp';
import { screenToOutput, screenToStage, stageToScreen } from './tools/viewport';
import type { Size, Viewport } from './tools/viewport';
import { OutputWarpOverlay } from './OutputWarpOverlay';
import { outputHomography } from '@beamstage/stage';
import { withLocalMedia } from '../services/asset-cache';
import { mapSource, sameFields, sameItems, samePoints, useSlice } from '../state/source';
import type { ShownSource } from './shown-source';
import './stage.css';

export interface StageAreaProps {
  ctx: EditorContext;
  /** The project as drawn (the document at the playhead with everyone's live drags on top), followed outside React render. */
  source: ShownSource;
  /** Media URL to its local copy (the api unreachable): drawn from there. */
  localMedia: ReadonlyMap<string, string>;
  peers: readonly PeerView[];
  selectedId: string | null;
  viewOnly: boolean;
}

const NO_CANVAS = { width: 1, height: 1 };
const NO_POINTS: readonly Point[] = [];
/** Never drawn: what the tools see in the instant before a project is there. */
const EMPTY_PROJECT = { layers: [], canvas: NO_CANVAS, warpPoints: [] } as unknown as ProjectJson;
/** The parts of the tools' view this area shows (cursor, data-tool-state, whether a loupe is up): the rest moves without it. */
const sameStateView = (a: StageToolView, b: StageToolView) =>
  a.state === b.state && a.tool === b.tool && a.panReady === b.panReady && (a.loupe === null) === (b.loupe === null);
const modifiersOf = (e: { shiftKey: boolean; altKey: boolean; ctrlKey: boolean; metaKey: boolean }): Modifiers => ({
  shift: e.shiftKey,
  alt: e.altKey,
  mod: e.ctrlKey || e.metaKey,
});
/** A wheel in lines (Firefox) or pages is turned into pixels. */
const wheelPixels = (e: WheelEvent) => e.deltaY * (e.deltaMode === 1 ? 16 : e.deltaMode === 2 ? 400 : 1);

/**
 * The stage area: the canvas placed by the session's zoom and pan, the tools' overlay in screen
 * pixels and the loupe. Real pointer, key and wheel events feed the same tool machine the tests
 * drive headlessly (./tools/driver.ts).
 */
export function StageArea({ ctx, source, localMedia, peers, selectedId, viewOnly }: StageAreaProps) {
  const sandboxOrigin = useSandboxOrigin();
  // 'Loading layers...' over the stage while the opened project's media load (not for later layers).
  const [gate] = useState(createMediaLoadGate);
  const [mediaLoading, setMediaLoading] = useState(true);
  const rootRef = useRef<HTMLDivElement>(null);
  const loupeRef = useRef<HTMLCanvasElement>(null);
  const session = useSnapshot(ctx.session);
  const [box, setBox] = useState<Size>({ width: 1, height: 1 });
  const calibration = useSnapshot(ctx.store);
  const calibrating = calibration.calibrating;

  // What the canvas draws: the shown project from local media copies, with the mesh drag's local
  // preview on top of what everyone else sees. Followed outside render; the parts below that React
  // draws (handles, outlines) subscribe to their own slices of it. The mesh preview changes on
  // every move of a mesh drag: it is kept here and redrawn without rendering this area.
  const extras = useRef<{ localMedia: ReadonlyMap<string, string>; meshPreview: { layerId: string; points: Point[] } | null }>({
    localMedia,
    meshPreview: null,
  });
  extras.current.localMedia = localMedia;
  const drawn = useMemo(
    () =>
      mapSource(source, (project) => {
        if (!project) return null;
        const { localMedia: local, meshPreview: mesh } = extras.current;
        const withLocal = withLocalMedia(project, local);
        if (!mesh) return withLocal;
        return {
          ...withLocal,
          layers: withLocal.layers.map((l) => (l.id === mesh.layerId ? ({ ...l, warp: { ...l.warp, meshPoints: mesh.points } } as Layer) : l)),
        };
      }),
    [source],
  );
  useEffect(() => drawn.refresh(), [drawn, localMedia]);
  const drawnRef = useRef(drawn);
  drawnRef.current = drawn;
  // A GO's blend makes a new canvas and output warp every frame: the same values do not re-render.
  const canvasSize = useSlice(drawn, (p) => p?.canvas ?? NO_CANVAS, sameFields);
  const warpPoints = useSlice(drawn, (p) => p?.warpPoints ?? NO_POINTS, samePoints);
  const peerLayers = useSlice(drawn, (p) => (p ? p.layers.filter((l) => peers.some((peer) => peer.selectedLayerId === l.id)) : []), sameItems);
  const current = () => drawn.get() ?? EMPTY_PROJECT;
  // The output warp: the stage draws every layer through it, so the tools map through it too.
  const output = useMemo(() => outputHomography(warpPoints as Point[]), [warpPoints]);
  const viewport: Viewport = { ...sessionViewport(session, box, canvasSize), output };

  // The machine reads the latest values through this ref: it lives as long as the page.
  const latest = useRef({ project: current, selectedId, viewOnly, box, viewport });
  latest.current = { project: current, selectedId, viewOnly, box, viewport };
  const machine = useMemo(() => {
    const host: StageHost = {
      project: () => latest.current.project(),
      selectedId: () => latest.current.selectedId,
      select: (id) => ctx.live.select(id),
      canEdit: () => !latest.current.viewOnly,
      box: () => latest.current.box,
      viewport: () => latest.current.viewport,
      handleSizePx: () => ctx.session.warpHandleSize,
      setViewport: (v) => {
        storeViewport(ctx.session, v);
        // Pointer moves can arrive before React renders the new viewport: read it back at once.
        latest.current.viewport = {
          ...(v ?? sessionViewport(ctx.session, latest.current.box, latest.current.project().canvas)),
          output: latest.current.viewport.output ?? null,
        };
      },
      dragMove: (target, values) => ctx.live.dragMove(target, values),
      dragEnd: (target, values, edit) => ctx.live.dragEnd(target, values, edit),
      edit: (edit) => ctx.live.edit(edit),
      previewMesh: (layerId, points) => {
        extras.current.meshPreview = points ? { layerId, points } : null;
        drawnRef.current.refresh();
      },
      calibrating: () => ctx.store.calibrating && !latest.current.viewOnly,
      selectOutputCorner: (index) => void (ctx.store.calibrationCorner = index),
    };
    return createStageToolMachine(host);
  }, [ctx]);
  // This area renders when the tool's state changes (a drag starts or ends, Space is held), not on
  // every move of a drag: the overlay follows the drag by itself and the loupe is moved directly.
  const [view, setView] = useState<StageToolView>(() => machine.view());
  const shownView = useRef(view);
  useEffect(
    () =>
      machine.subscribe(() => {
        const next = machine.view();
        const target = loupeRef.current;
        if (target && next.loupe) placeLoupe(target, stageToScreen(latest.current.viewport, next.loupe), latest.current.box);
        if (sameStateView(shownView.current, next)) return;
        shownView.current = next;
        setView(next);
      }),
    [machine],
  );
  const [cursor, setCursor] = useState<'handle' | 'body' | null>(null);

  // The measured stage area: what "fit" fits into, shared with the zoom actions.
  useEffect(() => {
    const el = rootRef.current;
    if (!el) return;
    const measure = () => {
      const next = { width: el.clientWidth, height: el.clientHeight };
      setBox((b) => (b.width === next.width && b.height === next.height ? b : next));
      ctx.store.stageBox = next;
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ctx]);

  // The wheel zooms the stage, not the page: a non-passive listener (React's onWheel is passive).
  useEffect(() => {
    const el = rootRef.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const rect = el.getBoundingClientRect();
      machine.wheel({ x: e.clientX - rect.left, y: e.clientY - rect.top }, wheelPixels(e));
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [machine]);

  // Space is the pan tool's own key while held (not an editor command): ignored while typing.
  useEffect(() => {
    const down = (e: KeyboardEvent) => {
      if (e.key !== ' ' || isTypingTarget(e.target)) return;
      e.preventDefault();
      machine.keyDown(' ');
    };
    const up = (e: KeyboardEvent) => {
      if (e.key === ' ') machine.keyUp(' ');
    };
    const blur = () => machine.blur();
    window.addEventListener('keydown', down);
    window.addEventListener('keyup', up);
    window.addEventListener('blur', blur);
    return () => {
      window.removeEventListener('keydown', down);
      window.removeEventListener('keyup', up);
      window.removeEventListener('blur', blur);
    };
  }, [machine]);

  const local = (e: ReactPointerEvent): Point => {
    const rect = rootRef.current!.getBoundingClientRect();
    return { x: e.clientX - rect.left, y: e.clientY - rect.top };
  };
  const onDrawn = (canvas: HTMLCanvasElement) => {
    if (gate.loading) setMediaLoading(gate.drawn());
    const target = loupeRef.current;
    // The machine's view, not this render's: a drag moves without rendering this area.
    const at = machine.view().loupe;
    // The canvas shows output pixels: the loupe looks where the stage point is drawn.
    const v = latest.current.viewport;
    if (target && at) drawLoupe(target, canvas, screenToOutput(v, stageToScreen(v, at)), v.zoom);
  };

  const stateClass = view.tool === 'pan' ? 'stage-area--panning' : view.panReady ? 'stage-area--pan' : cursor ? `stage-area--${cursor}` : '';
  return (
    <div
      ref={rootRef}
      className={`stage-area ${stateClass}`}
      data-testid="stage-area"
      tabIndex={-1}
      data-zoom={viewport.zoom}
      data-tool-state={view.state}
      data-calibrating={calibrating ? 'true' : undefined}
      onPointerDown={(e) => {
        if (e.button !== 0 && e.button !== 1) return;
        e.preventDefault();
        // Take focus from any field (shortcuts are ignored while typing); preventDefault stops the browser's own.
        rootRef.current?.focus({ preventScroll: true });
        e.currentTarget.setPointerCapture?.(e.pointerId);
        machine.pointerDown(local(e), { button: e.button, modifiers: modifiersOf(e) });
      }}
      onPointerMove={(e) => {
        const at = local(e);
        machine.pointerMove(at, modifiersOf(e));
        if (machine.state().kind === 'idle' && calibrating) {
          const next = outputTargetAt(warpPoints as Point[], viewport, at) ? 'handle' : null;
          if (next !== cursor) setCursor(next);
        } else if (machine.state().kind === 'idle') {
          const selected = current().layers.find((l) => l.id === selectedId);
          const editable = !!selected && selected.visible && !selected.locked && !viewOnly;
          const handle = selected && editable ? handleAt(handlesFor(selected, viewport), at, handleHitPx(session.warpHandleSize)) : null;
          const next = handle ? 'handle' : layerAt(current(), screenToStage(viewport, at)) ? 'body' : null;
          if (next !== cursor) setCursor(next);
        }
      }}
      onPointerUp={(e) => machine.pointerUp(local(e), modifiersOf(e))}
      onPointerCancel={(e) => machine.pointerUp(local(e), modifiersOf(e))}
      onAuxClick={(e) => e.preventDefault()}
    >
      <StageCanvas
        source={drawn}
        size={canvasSize}
        viewport={viewport}
        onDrawn={onDrawn}
        sandboxOrigin={sandboxOrigin}
        onLayerIssue={(issue) => reportLayerIssue(ctx, issue)}
        onViewReset={() => clearLayerIssues(ctx)}
        onLoadChange={(entry) => setMediaLoading(gate.update(entry))}
        overlay={<PresenceOutlines layers={peerLayers} peers={peers} width={canvasSize.width} height={canvasSize.height} output={output} />}
      />
      {calibrating ? (
        <OutputWarpOverlay points={warpPoints as Point[]} selected={calibration.calibrationCorner} viewport={viewport} box={box} />
      ) : (
        <SelectionOverlay
          source={drawn}
          selectedId={selectedId}
          viewOnly={viewOnly}
          machine={machine}
          viewport={viewport}
          box={box}
          handleSizePx={session.warpHandleSize}
        />
      )}
      {mediaLoading ? (
        <div className="stage-loading" role="status" aria-live="polite" data-testid="stage-loading">
          <div className="bs-spinner" />
          <div className="stage-loading__text">{LOADING_TEXTS.layers}</div>
          <div className="stage-loading__sub">{LOADING_TEXTS.layersSub}</div>
        </div>
      ) : null}
      {view.loupe ? <Loupe ref={loupeRef} at={stageToScreen(viewport, machine.view().loupe ?? view.loupe)} box={box} /> : null}
    </div>
  );
}
