import type { ProjectJson } from '@beamstage/layers';
import { createStageView, installStageTestHook, isLocalDevelopmentPage } from '@beamstage/stage';
import type { LayerIssue, LoadEntry, StageView } from '@beamstage/stage';
import { setActiveStage } from './active-stage';
import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import type { Viewport } from './tools/viewport';

export interface StageCanvasProps {
  project: ProjectJson;
  /** Where and how large the canvas shows (stage zoom and pan). */
  viewport: Viewport;
  /** Drawn in canvas coordinates over the canvas (scaled with it). */
  overlay?: ReactNode;
  /** Called right after each draw, in the same task (the loupe copies the canvas then). */
  onDrawn?: (canvas: HTMLCanvasElement) => void;
  /** Where HTML and p5 layers run; null until known (they report it meanwhile). */
  sandboxOrigin?: string | null;
  /** A layer failed, timed out, hung or was refused. */
  onLayerIssue?: (issue: LayerIssue) => void;
  /** A layer's load status changed (loading, loaded, error). */
  onLoadChange?: (entry: LoadEntry) => void;
  /** A view is (re)made, e.g. once the sandbox origin is known: what the earlier one reported is stale. */
  onViewReset?: () => void;
}

/** The project's canvas drawn by the shared stage (the same code as the projector), placed by the viewport. */
export function StageCanvas({ project, viewport, overlay, onDrawn, sandboxOrigin = null, onLayerIssue, onLoadChange, onViewReset }: StageCanvasProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const viewRef = useRef<StageView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const onDrawnRef = useRef(onDrawn);
  onDrawnRef.current = onDrawn;
  const onIssueRef = useRef(onLayerIssue);
  onIssueRef.current = onLayerIssue;
  const onLoadRef = useRef(onLoadChange);
  onLoadRef.current = onLoadChange;
  const projectRef = useRef(project);
  projectRef.current = project;
  const onResetRef = useRef(onViewReset);
  onResetRef.current = onViewReset;

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    let view: StageView;
    // What an earlier view reported no longer holds: the new one reports again what fails in it.
    onResetRef.current?.();
    try {
      view = createStageView(canvas, {
        onTextureError: (url, e) => setError(`${url}: ${e.message}`),
        sandboxOrigin,
        // A studio run from this machine over http is a development run: URL layers may show loopback pages.
        allowLocalHttp: isLocalDevelopmentPage(window.location),
        onLayerIssue: (issue) => onIssueRef.current?.(issue),
        onLoadChange: (entry) => onLoadRef.current?.(entry),
      });
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      return;
    }
    viewRef.current = view;
    setActiveStage(view);
    const uninstall = installStageTestHook(view);
    // A view made again (the sandbox origin became known) shows the project at once.
    view.show(projectRef.current);
    return () => {
      uninstall();
      setActiveStage(null);
      view.dispose();
      viewRef.current = null;
    };
  }, [sandboxOrigin]);

  useEffect(() => {
    const view = viewRef.current;
    if (!view) return;
    view.show(project);
    if (canvasRef.current) onDrawnRef.current?.(canvasRef.current);
  }, [project]);

  const { width, height } = project.canvas;
  return (
    <div className="stage__frame" style={{ width, height, transform: `translate(${viewport.x}px, ${viewport.y}px) scale(${viewport.zoom})` }}>
      <canvas ref={canvasRef} className="stage__canvas" width={width} height={height} data-testid="stage-canvas" />
      {overlay}
      {error ? (
        <div className="stage__error" role="alert">
          {error}
        </div>
      ) : null}
    </div>
  );
}
