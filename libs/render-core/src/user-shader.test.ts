import { describe, expect, it } from 'vitest';
import { declaredUniforms, injectLoopCaps, parseShaderLog, prepareUserShader, type PreparedShader } from './user-shader';

describe('user shader preparation', () => {
  it('adds time and resolution only when not declared and keeps line numbers mappable', () => {
    const p = prepareUserShader('uniform float speed;\nvoid main() { gl_FragColor = vec4(time * speed); }') as PreparedShader;
    expect(p.fragment).toContain('uniform float time;');
    expect(p.fragment).toContain('uniform vec2 resolution;');
    expect(p.uniformNames).toEqual(['speed', 'time', 'resolution']);
    const lines = p.fragment.split('\n');
    expect(lines[p.lineOffset]).toBe('uniform float speed;');
    const own = prepareUserShader('precision mediump float;\nuniform float time;\nvoid main(){}') as PreparedShader;
    expect(own.fragment.match(/uniform float time/g)).toHaveLength(1);
    expect(own.fragment.indexOf('precision highp float;')).toBeLessThan(own.fragment.indexOf('precision mediump float;'));
  });

  it('maps GL log lines back to the user lines', () => {
    const p = prepareUserShader('void main() {\n  gl_FragColor = vec4(oops);\n}') as PreparedShader;
    const log = `ERROR: 0:${p.lineOffset + 2}: 'oops' : undeclared identifier\nERROR: 0:${p.lineOffset + 2}: 'constructor' : not enough data\n`;
    expect(parseShaderLog(log, p.lineOffset)).toEqual([
      { line: 2, message: "'oops' : undeclared identifier" },
      { line: 2, message: "'constructor' : not enough data" },
    ]);
  });

  it('caps the source size', () => {
    const r = prepareUserShader('x'.repeat(70_000));
    expect(Array.isArray(r) && r[0]!.message).toMatch(/limit is 65536/);
  });

  it('injects iteration caps into GLSL ES 3.00 loops, leaving comments alone', () => {
    const src = '// while (x) in a comment\nfor (int i = 0; ; i++) { }\nwhile (true) { }\ndo { } while (k < 3);';
    const { source, counters } = injectLoopCaps(src, 100);
    expect(counters).toEqual(['bs_loop0', 'bs_loop1', 'bs_loop2']);
    expect(source).toContain('// while (x) in a comment');
    expect(source).toContain('for (int i = 0; (true) && (bs_loop0++ < 100); i++)');
    expect(source).toContain('while ((true) && (bs_loop1++ < 100))');
    expect(source).toContain('while ((k < 3) && (bs_loop2++ < 100))');
    const es3 = prepareUserShader('#version 300 es\nout vec4 o;\nvoid main() { while (true) { } o = vec4(1); }') as PreparedShader;
    expect(es3.fragment.startsWith('#version 300 es\n')).toBe(true);
    expect(es3.fragment).toContain('int bs_loop0 = 0;');
    // 'out vec4 o;' is the user's line 2.
    expect(es3.fragment.split('\n')[es3.lineOffset + 1]).toBe('out vec4 o;');
  });

  it('lists declared uniforms including comma lists and arrays', () => {
    expect(declaredUniforms('uniform vec3 a, b[2];\nuniform highp float c;')).toEqual(['a', 'b', 'c']);
  });
});
