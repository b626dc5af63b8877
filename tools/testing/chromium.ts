/** Debian Chromium and the launch flags that work here as root (stack.md). Tests never download a browser. */
export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  // Pages are composited by Skia on the CPU; WebGL canvases still draw with SwiftShader, so every
  // pixel a test reads back from a stage is the WebGL one. Compositing through SwiftShader was the
  // larger cost on 2 cores: a 20-move corner drag with the projector open took 4.9 s of GPU-process
  // CPU with it and 1.0 s without; the 52 journeys took 23.2 min of a clean-clone CI run with it
  // and 17.2 min without.
  '--disable-gpu-compositing',
];
