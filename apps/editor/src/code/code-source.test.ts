import { createLayer } from '@beamstage/layers';
import { SHADER_SOURCE_MAX_CHARS } from '@beamstage/render-core';
import { describe, expect, it } from 'vitest';
import { CODE_SOURCE_MAX_CHARS, codeSourceOf, draftDiffers, planRun } from './code-source';

const compiles = () => [];
const broken = () => [{ line: 3, message: "'foo' : undeclared identifier" }];

describe('codeSourceOf', () => {
  it('reads and writes the code field of each code layer type', () => {
    const shader = createLayer('fragment-shader');
    expect(codeSourceOf(shader)?.language).toBe('glsl');
    expect(codeSourceOf(shader)?.patch('x')).toEqual({ content: { fragmentSrc: 'x' } });
    expect(codeSourceOf(createLayer('html'))?.patch('<p>')).toEqual({ content: { html: '<p>' } });
    expect(codeSourceOf(createLayer('p5js'))?.patch('draw()')).toEqual({ content: { code: 'draw()' } });
    expect(codeSourceOf(createLayer('image'))).toBeNull();
  });
});

describe('planRun', () => {
  const shader = createLayer('fragment-shader');
  it('commits changed code as one patch', () => {
    expect(planRun(shader, 'void main(){}', compiles)).toEqual({ kind: 'commit', text: 'void main(){}', patch: { content: { fragmentSrc: 'void main(){}' } } });
  });

  it('writes nothing for unchanged code', () => {
    expect(planRun(shader, null, compiles)).toEqual({ kind: 'unchanged' });
    expect(planRun(shader, shader.content.fragmentSrc, compiles)).toEqual({ kind: 'unchanged' });
  });

  it('refuses a shader that does not compile, with its errors', () => {
    const plan = planRun(shader, 'broken', broken);
    expect(plan.kind).toBe('refused');
    if (plan.kind === 'refused') {
      expect(plan.errors).toEqual(broken());
      expect(plan.message).toMatch(/1 error: nothing was run/);
    }
  });

  it('never compiles html or p5 code as GLSL', () => {
    expect(planRun(createLayer('html'), '<b>hi</b>', broken).kind).toBe('commit');
  });

  it('refuses oversize code with a clear message', () => {
    const big = planRun(shader, 'x'.repeat(SHADER_SOURCE_MAX_CHARS + 1), compiles);
    expect(big.kind).toBe('refused');
    if (big.kind === 'refused') expect(big.message).toBe(`The code is 65,537 characters; the limit is 65,536. Nothing was run.`);
    expect(planRun(createLayer('p5js'), 'x'.repeat(CODE_SOURCE_MAX_CHARS + 1), compiles).kind).toBe('refused');
  });
});

describe('draftDiffers', () => {
  it('is true only for an edited draft', () => {
    const html = createLayer('html');
    expect(draftDiffers(html, null)).toBe(false);
    expect(draftDiffers(html, html.content.html)).toBe(false);
    expect(draftDiffers(html, 'other')).toBe(true);
  });
});
