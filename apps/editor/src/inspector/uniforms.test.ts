import { describe, expect, it } from 'vitest';
import { hexToRgb, parseUniforms, rgbToHex, uniformJson, uniformValue } from './uniforms';

const SRC = `
precision mediump float;
uniform float time;
uniform vec2 resolution;
uniform float uSpeed; // how fast
uniform highp vec3 uColor, uOffset;
uniform vec4 tintRGBA;
uniform vec4 uRect;
uniform bool uInvert;
uniform int uSteps;
uniform ivec2 uCells;
uniform sampler2D uTex;
uniform float uWeights[4];
// uniform float uCommented;
/* uniform vec3 uBlock; */
void main() { gl_FragColor = vec4(uColor, 1.0); }
`;

describe('parseUniforms', () => {
  it('finds every declaration with its control', () => {
    const list = parseUniforms(SRC);
    expect(list.map((u) => [u.name, u.type, u.control, u.size])).toEqual([
      ['time', 'float', 'automatic', 1],
      ['resolution', 'vec2', 'automatic', 2],
      ['uSpeed', 'float', 'float', 1],
      ['uColor', 'vec3', 'color', 3],
      ['uOffset', 'vec3', 'vector', 3],
      ['tintRGBA', 'vec4', 'color', 4],
      ['uRect', 'vec4', 'vector', 4],
      ['uInvert', 'bool', 'bool', 1],
      ['uSteps', 'int', 'int', 1],
      ['uCells', 'ivec2', 'vector', 2],
      ['uTex', 'sampler2D', 'unsupported', 1],
      ['uWeights', 'float', 'unsupported', 1],
    ]);
  });

  it('lists a name once and ignores comments', () => {
    expect(parseUniforms('uniform float a;\nuniform float a;').map((u) => u.name)).toEqual(['a']);
    expect(parseUniforms('// uniform float a;\n')).toEqual([]);
  });
});

describe('uniform values', () => {
  const [speed, color, , , rect, invert] = parseUniforms(SRC).slice(2);
  it('reads stored values or the type default', () => {
    expect(uniformValue(speed!, 0.5)).toEqual([0.5]);
    expect(uniformValue(speed!, undefined)).toEqual([0]);
    expect(uniformValue(color!, [0.1, 0.2, 0.3])).toEqual([0.1, 0.2, 0.3]);
    expect(uniformValue(color!, 'red')).toEqual([1, 1, 1]);
    expect(uniformValue(rect!, [1, 2])).toEqual([0, 0, 0, 0]);
    expect(uniformValue(invert!, true)).toEqual([1]);
  });

  it('writes scalars as numbers and vectors as lists', () => {
    expect(uniformJson(speed!, [2])).toBe(2);
    expect(uniformJson(color!, [1, 0, 0])).toEqual([1, 0, 0]);
  });

  it('converts colours both ways', () => {
    expect(rgbToHex([1, 0.5, 0])).toBe('#ff8000');
    expect(hexToRgb('#ff8000')).toEqual([1, 0.502, 0]);
    expect(hexToRgb('red')).toBeNull();
  });
});
