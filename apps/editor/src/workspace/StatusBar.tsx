import type { LiveLabel } from '../live/connection-label';

export interface StatusBarProps {
  width: number;
  height: number;
  /** Stage zoom as a fraction (1 = 100 %), or null when the stage fits its box. */
  zoom: number | null;
  layerCount: number;
  live: LiveLabel;
  /** What is selected, as people read it: 'Image 1', '3 layers', or null. */
  selection: string | null;
  /** The performance monitor's status (spec section 4), when measured. */
  performance?: 'good' | 'warning' | 'critical' | null;
}

/** The bottom line of the workspace: canvas size, zoom, layers, connection, selection. */
export function StatusBar({ width, height, zoom, layerCount, live, selection, performance }: StatusBarProps) {
  return (
    <footer className="status-bar" aria-label="Status">
      <span data-testid="status-canvas">
        {width} × {height}
      </span>
      <span data-testid="status-zoom">{zoom === null ? 'Fit' : `${Math.round(zoom * 100)} %`}</span>
      <span data-testid="status-layers">
        {layerCount} {layerCount === 1 ? 'layer' : 'layers'}
      </span>
      <span className="status-bar__spacer" />
      <span data-testid="status-selection">{selection ?? 'Nothing selected'}</span>
      {performance ? (
        <span className={`status-bar__perf status-bar__perf--${performance}`} data-testid="status-performance">
          Performance: {performance}
        </span>
      ) : null}
      <span className={`status-bar__live status-bar__live--${live.tone}`} data-testid="status-connection" title={live.title ?? live.text}>
        {live.text}
      </span>
    </footer>
  );
}
