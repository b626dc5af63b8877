import { useRef } from 'react';

export interface ResizeHandleProps {
  /** Which way dragging grows the panel: a left dock grows rightwards, an inspector leftwards, a drawer upwards. */
  direction: 'right' | 'left' | 'up';
  size: number;
  min: number;
  max: number;
  label: string;
  onResize: (size: number) => void;
  /** Double-click or Enter collapses or expands the panel. */
  onToggle: () => void;
}

/** A splitter between two workspace areas: drag to resize, arrows by 16 px, double-click to collapse. */
export function ResizeHandle({ direction, size, min, max, label, onResize, onToggle }: ResizeHandleProps) {
  const start = useRef<{ pos: number; size: number } | null>(null);
  const vertical = direction === 'up';
  const sign = direction === 'left' || direction === 'up' ? -1 : 1;
  const clamp = (v: number) => Math.min(max, Math.max(min, Math.round(v)));
  return (
    <div
      role="separator"
      tabIndex={0}
      aria-label={label}
      aria-orientation={vertical ? 'horizontal' : 'vertical'}
      aria-valuenow={size}
      aria-valuemin={min}
      aria-valuemax={max}
      className={`resize-handle resize-handle--${vertical ? 'row' : 'col'}`}
      onPointerDown={(event) => {
        event.currentTarget.setPointerCapture?.(event.pointerId);
        start.current = { pos: vertical ? event.clientY : event.clientX, size };
      }}
      onPointerMove={(event) => {
        const s = start.current;
        if (!s) return;
        const delta = (vertical ? event.clientY : event.clientX) - s.pos;
        onResize(clamp(s.size + sign * delta));
      }}
      onPointerUp={() => (start.current = null)}
      onPointerCancel={() => (start.current = null)}
      onDoubleClick={onToggle}
      onKeyDown={(event) => {
        const grow = vertical ? 'ArrowUp' : direction === 'left' ? 'ArrowLeft' : 'ArrowRight';
        const shrink = vertical ? 'ArrowDown' : direction === 'left' ? 'ArrowRight' : 'ArrowLeft';
        if (event.key === grow) onResize(clamp(size + 16));
        else if (event.key === shrink) onResize(clamp(size - 16));
        else if (event.key === 'Enter') onToggle();
        else return;
        event.preventDefault();
        event.stopPropagation();
      }}
    />
  );
}
