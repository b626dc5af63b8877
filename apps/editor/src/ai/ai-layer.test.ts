import { createLayer, defaultCanvas } from '@beamstage/layers';
import type { Layer } from '@beamstage/layers';
import { describe, expect, it } from 'vitest';
import { aiEdit, aiTypeOfLayer, layerFromAiAnswer } from './ai-layer';

const project = () => ({ canvas: defaultCanvas(), layers: [createLayer('image', { name: 'Photo' })] as Layer[] });

describe('a layer from an AI answer', () => {
  it('puts the code in the right field of the right type, named by the answer', () => {
    const shader = layerFromAiAnswer(project(), { type: 'shader', code: 'void main(){gl_FragColor=vec4(1.0);}', name: 'Shader: White' }, 1000);
    expect(shader).toMatchObject({ type: 'fragment-shader', name: 'Shader: White', content: { fragmentSrc: 'void main(){gl_FragColor=vec4(1.0);}' } });
    expect(layerFromAiAnswer(project(), { type: 'p5js', code: 'function draw(){}', name: 'Sketch' }, 1)).toMatchObject({
      type: 'p5js',
      content: { code: 'function draw(){}' },
    });
    expect(layerFromAiAnswer(project(), { type: 'html', code: '<h1>Hi</h1>', name: 'Page' }, 1)).toMatchObject({
      type: 'html',
      content: { html: '<h1>Hi</h1>' },
    });
  });

  it('is ONE add-layer edit for a new layer', () => {
    const result = aiEdit(project(), { type: 'html', code: '<b>x</b>', name: 'Bold' }, { mode: 'new' }, 5);
    if ('error' in result) throw new Error(result.error);
    expect(result.edit.kind).toBe('add-layer');
    expect(result.edit.kind === 'add-layer' && result.edit.layer.id).toBe(result.layerId);
  });

  it('is ONE update-layer edit (no burst field) replacing the open layer code', () => {
    const p = project();
    const sketch = createLayer('p5js', { name: 'Mine' });
    p.layers.push(sketch);
    const result = aiEdit(p, { type: 'p5js', code: 'function draw(){background(9)}', name: 'x' }, { mode: 'replace', layerId: sketch.id }, 5);
    expect(result).toEqual({
      edit: { kind: 'update-layer', id: sketch.id, patch: { content: { code: 'function draw(){background(9)}' } } },
      layerId: sketch.id,
    });
  });

  it('refuses to replace a layer that is gone or holds other code', () => {
    const p = project();
    const html = createLayer('html');
    p.layers.push(html);
    expect(aiEdit(p, { type: 'shader', code: 'x', name: 'x' }, { mode: 'replace', layerId: html.id }, 1)).toEqual({
      error: 'The generated code is not html code: it was not applied',
    });
    expect(aiEdit(p, { type: 'shader', code: 'x', name: 'x' }, { mode: 'replace', layerId: 'layer_gone' }, 1)).toHaveProperty('error');
    expect(aiEdit(p, { type: 'shader', code: 'x', name: 'x' }, { mode: 'replace', layerId: p.layers[0]!.id }, 1)).toHaveProperty('error');
  });

  it('knows the kind of code each layer holds', () => {
    expect(['fragment-shader', 'p5js', 'html', 'image', 'url'].map((type) => aiTypeOfLayer({ type: type as 'image' }))).toEqual([
      'shader',
      'p5js',
      'html',
      null,
      null,
    ]);
  });
});
