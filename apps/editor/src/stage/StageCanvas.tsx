import type { ProjectJson } from '@beamstage/layers';
import { createStageView, installStageTestHook } from '@beamstage/stage';
import type { StageView } from '@beamstage/stage';
import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';

/** The project's canvas drawn by the shared stage (the same code as the projector). */
export function StageCanvas({ project, overlay }: { project: ProjectJson; overlay?: ReactNode }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const viewRef = useRef<StageView | null>(null);
  const [error, setError] = useState<string | null>(null);

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
    viewRef.current?.show(project);
  }, [project]);

  const { width, height } = project.canvas;
  return (
    <div className="stage">
      <div className="stage__frame" style={{ aspectRatio: `${width} / ${height}`, maxWidth: `min(100%, calc((100vh - 150px) * ${width / height}))` }}>
        <canvas ref={canvasRef} className="stage__canvas" width={width} height={height} data-testid="stage-canvas" />
        {overlay}
        {error ? (
          <div className="stage__error" role="alert">
            {error}
          </div>
        ) : null}
      </div>
    </div>
  );
}
