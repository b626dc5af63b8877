// What the benchmark pages leave on window for the Node side to read.
export {};
declare global {
  interface Window {
    benchFirstFrameMs?: number;
    benchFirstFrameError?: string;
    benchLayerLoadedMs?: Record<string, number>;
    runDomBench?: (params: {
      seconds: number;
      layers: number;
      rounds: number;
    }) => Promise<{ emptyFps: number; domFps: number; movingStyleWrites: number; unchangedStyleWrites: number; unchangedFrames: number }>;
  }
}
