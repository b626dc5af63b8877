/** Per-frame counters for tests and benchmarks. */
export interface FrameStats {
  drawCalls: number;
  textureUploads: number;
  programSwitches: number;
}

/** A zeroed counter set. */
export function emptyStats(): FrameStats {
  return { drawCalls: 0, textureUploads: 0, programSwitches: 0 };
}
