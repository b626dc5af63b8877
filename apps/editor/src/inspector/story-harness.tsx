import { createLayer } from '@beamstage/layers';
import { buildProjectJson } from '@beamstage/layers/testing';
import type { Layer, LayerType, ProjectJson } from '@beamstage/layers';
import { useState } from 'react';
import { applyToJson, operationFor } from '../live/project-edits';
import type { ProjectEdit } from '../live/project-edits';
import { Inspector } from './Inspector';

/** A shader with one uniform of each control kind, for stories and screenshots. */
export const UNIFORMS_SHADER = `precision mediump float;
uniform float time;
uniform vec2 resolution;
uniform float uSpeed;
uniform int uSteps;
uniform bool uInvert;
uniform vec2 uCenter;
uniform vec3 uColor;
uniform vec4 uTintColor;
uniform sampler2D uTexture;
varying vec2 vUv;
void main() {
  vec3 c = uColor * (0.5 + 0.5 * sin(time * uSpeed + vUv.x * float(uSteps)));
  gl_FragColor = vec4(uInvert ? 1.0 - c : c, 1.0) * uTintColor;
}
`;

/** A project holding one layer of `type` (selected), tweaked so each story shows something real. */
export function storyProject(type: LayerType | null, tweak?: (layer: Layer) => void): { project: ProjectJson; layerId: string | null } {
  const project = buildProjectJson([]);
  if (!type) return { project, layerId: null };
  const layer = createLayer(type, { id: 'layer_story' as never, canvas: project.canvas });
  if (layer.type === 'image') layer.content.src = 'https://example.com/poster.png';
  if (layer.type === 'fragment-shader') {
    layer.content.fragmentSrc = UNIFORMS_SHADER;
    layer.content.uniforms = { ...layer.content.uniforms, uSpeed: 1.5, uSteps: 8, uColor: [1, 0.4, 0.1], uTintColor: [1, 1, 1, 0.9] };
  }
  tweak?.(layer);
  project.layers = [layer];
  return { project, layerId: layer.id };
}

/** The inspector over a local project: edits apply through the same libs/layers operations as the app. */
export function InspectorHarness({ type, tweak, readOnly }: { type: LayerType | null; tweak?: (layer: Layer) => void; readOnly?: boolean }) {
  const [{ project, layerId }, setState] = useState(() => storyProject(type, tweak));
  const [handle, setHandle] = useState(36);
  const [log, setLog] = useState<string[]>([]);
  const apply = (edit: ProjectEdit) => setState((s) => ({ ...s, project: applyToJson(s.project, operationFor(edit)) }));
  const layer = project.layers.find((l) => l.id === layerId) ?? null;
  return (
    <div style={{ width: 320, background: 'var(--bs-surface)', padding: '8px 0', fontFamily: 'var(--bs-font)', color: 'var(--bs-text)' }}>
      <Inspector
        layer={layer}
        layers={project.layers}
        canvas={project.canvas}
        readOnly={readOnly}
        onUpdateLayer={(id, patch, field) => apply({ kind: 'update-layer', id, patch, field })}
        onRename={(id, name) => apply({ kind: 'rename-layer', id, name })}
        onUpdateCanvas={(patch) => apply({ kind: 'update-canvas', patch })}
        onOpenCode={() => setLog((l) => [...l, 'open code editor'])}
        warpHandleSize={handle}
        onWarpHandleSize={setHandle}
        onInvalid={(message) => setLog((l) => [...l, `toast: ${message}`])}
      />
      {log.length ? <pre style={{ fontSize: 11, padding: 8 }}>{log.join('\n')}</pre> : null}
    </div>
  );
}
