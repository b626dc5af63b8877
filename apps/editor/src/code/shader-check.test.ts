import { describe, expect, it } from 'vitest';
import { checkFragmentSource } from './shader-check';
import type { GlslCompiler } from './shader-check';

/** A compiler that answers with a fixed log, remembering what it was given. */
const answering = (log: string | null, stage: 'vertex' | 'fragment' | 'link' = 'fragment') => {
  const seen: string[] = [];
  const compile: GlslCompiler = (prepared) => {
    seen.push(prepared.fragment);
    return { log, stage };
  };
  return { compile, seen };
};

const USER = 'precision mediump float;\nuniform float time;\nvoid main() {\n  gl_FragColor = vec4(foo);\n}\n';

describe('checkFragmentSource', () => {
  it('passes a source that compiles', () => {
    expect(checkFragmentSource(USER, answering(null).compile)).toEqual([]);
  });

  it("maps 'ERROR: 0:LINE:' back to the user's line (the wrapper's prelude is subtracted)", () => {
    const { compile, seen } = answering(null);
    checkFragmentSource(USER, compile);
    // Find where the user's line 4 sits in what was compiled, then report an error there.
    const compiled = seen[0]!.split('\n');
    const glLine = compiled.indexOf('  gl_FragColor = vec4(foo);') + 1;
    expect(glLine).toBeGreaterThan(4);
    const errors = checkFragmentSource(
      USER,
      answering(`ERROR: 0:${glLine}: 'foo' : undeclared identifier\nERROR: 0:${glLine}: 'constructor' : not enough data provided for construction\n`).compile,
    );
    expect(errors).toEqual([
      { line: 4, message: "'foo' : undeclared identifier" },
      { line: 4, message: "'constructor' : not enough data provided for construction" },
    ]);
  });

  it('keeps lines of GLSL ES 3.00 sources (the #version line stays line 1)', () => {
    const es3 = '#version 300 es\nprecision highp float;\nout vec4 o;\nvoid main() { o = bar; }\n';
    const { compile, seen } = answering(null);
    checkFragmentSource(es3, compile);
    const glLine = seen[0]!.split('\n').findIndex((l) => l.includes('o = bar')) + 1;
    expect(checkFragmentSource(es3, answering(`ERROR: 0:${glLine}: 'bar' : undeclared identifier`).compile)).toEqual([
      { line: 4, message: "'bar' : undeclared identifier" },
    ]);
  });

  it('reports a log without line numbers as a general error', () => {
    expect(checkFragmentSource(USER, answering('Link failed: too many uniforms', 'link').compile)).toEqual([
      { line: null, message: 'Link failed: too many uniforms' },
    ]);
    expect(checkFragmentSource(USER, answering('', 'fragment').compile)).toEqual([{ line: null, message: 'The shader did not compile' }]);
  });

  it('refuses an oversize source before compiling', () => {
    const { compile, seen } = answering(null);
    const errors = checkFragmentSource('x'.repeat(64 * 1024 + 1), compile);
    expect(errors[0]?.message).toMatch(/limit is 65536/);
    expect(seen).toEqual([]);
  });
});
