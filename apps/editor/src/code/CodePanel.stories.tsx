import { createLayer } from '@beamstage/layers';
import type { Layer } from '@beamstage/layers';
import { useState } from 'react';
import { CodePanel } from './CodePanel';

const BROKEN = `precision mediump float;
uniform float time;
varying vec2 vUv;
void main() {
  gl_FragColor = vec4(vUv, sin(time), undefinedThing);
}
`;

function PanelHarness({
  layer,
  errors = [],
  startDraft = null,
}: {
  layer: Layer;
  errors?: { line: number | null; message: string }[];
  startDraft?: string | null;
}) {
  const [draft, setDraft] = useState<string | null>(startDraft);
  const [runs, setRuns] = useState(0);
  return (
    <div style={{ height: 520 }}>
      <CodePanel
        layer={layer}
        draft={draft}
        errors={errors}
        runShortcut="Ctrl+Enter"
        onDraft={setDraft}
        onRun={() => setRuns((n) => n + 1)}
        onClose={() => setDraft(null)}
      />
      <p style={{ position: 'fixed', right: 12, bottom: 8, color: 'var(--bs-text-dim)' }}>Runs: {runs}</p>
    </div>
  );
}

export default { title: 'Editor/Code editor', component: PanelHarness };

export const Shader = { args: { layer: createLayer('fragment-shader', { name: 'Plasma' }) } };
export const ShaderWithCompileError = {
  args: {
    layer: createLayer('fragment-shader', { name: 'Broken' }),
    startDraft: BROKEN,
    errors: [{ line: 5, message: "'undefinedThing' : undeclared identifier" }],
  },
};
export const Html = { args: { layer: createLayer('html', { name: 'Title card' }) } };
export const P5Sketch = { args: { layer: createLayer('p5js', { name: 'Particles' }), startDraft: 'function draw() {\n  background(0);\n}\n' } };
