/** The canvas point under a client point, from the stage canvas's box (which includes any stage zoom). */
export function canvasPointAt(canvas: Element, clientX: number, clientY: number, size: { width: number; height: number }): { x: number; y: number } {
  const rect = canvas.getBoundingClientRect();
  const x = ((clientX - rect.left) / Math.max(1, rect.width)) * size.width;
  const y = ((clientY - rect.top) / Math.max(1, rect.height)) * size.height;
  return { x: Math.round(x * 10) / 10, y: Math.round(y * 10) / 10 };
}
