import type { ProjectJson } from '@beamstage/layers';
import { createStageView, installStageTestHook } from '@beamstage/stage';
import type { StageView } from '@beamstage/stage';
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
}

/** The project's canvas drawn by the shared stage (the same code as the projector), placed by the viewport. */
export function StageCanvas({ project, viewport, overlay, onDrawn }: StageCanvasProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const viewRef = useRef<StageView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const onDrawnRef = useRef(onDrawn);
  onDrawnRef.current = onDrawn;

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    let view: StageView;
    try {
      view = createStageView(canvas, { onTextureError: (url, e) => setError(`${url}: ${e.message}`) });
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      return;
    }
    viewRef.current = view;
    const uninstall = installStageTestHook(view);
    return () => {
      uninstall();
      view.dispose();
      viewRef.current = null;
    };
  }, []);

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
