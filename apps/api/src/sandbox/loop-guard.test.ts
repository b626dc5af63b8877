// The loop guard the runner injects into user JS (assets/loop-guard.js, the same file browsers run).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';

const source = readFileSync(join(import.meta.dirname, 'assets', 'loop-guard.js'), 'utf8');

/** A fresh global with the guard installed, as in a runner frame. */
function sandbox(limit?: number) {
  const g: Record<string, unknown> = { setTimeout: () => 0, ...(limit ? { __bsLoopLimit: limit } : {}) };
  g['self'] = g;
  runInNewContext(source, g);
  return {
    guard: g['__bsGuardLoops'] as (code: string) => string,
    run: (code: string) => runInNewContext((g['__bsGuardLoops'] as (c: string) => string)(code), g),
    limit: g['__bsLoopLimit'] as number,
  };
}

describe('loop guard', () => {
  it('stops endless for, while, do and for-of loops with a message', () => {
    const { run } = sandbox(100_000);
    for (const code of [
      'while (true) {}',
      'for (;;);',
      'do { } while (1)',
      'var i = 0; while (true) i++;',
      'for (const x of (function*(){ for(;;) yield 1; })()) {}',
    ]) {
      expect(() => run(code), code).toThrow(/Loop stopped after 100000 iterations/);
    }
  });

  it('defaults to 10,000,000 iterations of one loop in one task', () => {
    expect(sandbox().limit).toBe(10_000_000);
  });

  it('leaves finite loops, their results and labels alone', () => {
    const { run } = sandbox();
    expect(run('var s = 0; for (var i = 0; i < 1000; i++) s += i; s')).toBe(499500);
    expect(run('var n = 0; outer: for (var a = 0; a < 10; a++) { for (var b = 0; b < 10; b++) { if (b === 2) continue outer; n++; } } n')).toBe(20);
    expect(run('var k = 0; do k++; while (k < 5); k')).toBe(5);
    expect(run('var k = 0; do { k++ } while (k < 7) k')).toBe(7);
    expect(run('var r = 0; if (r === 0) for (var q = 0; q < 3; q++) r++; else r = -1; r')).toBe(3);
  });

  it('does not touch loops in strings, comments, regexes, templates or property names', () => {
    const { guard } = sandbox();
    const code = 'var s = "while (1) {}"; // for (;;)\n/* do {} */ var r = /for(x)/g; var t = `while(1)`; var o = { for: 1, do: 2, while: 3 }; o.for; o.while;';
    expect(guard(code)).toBe(code);
  });

  it('produces code that parses for a set of typical sketches', () => {
    const { guard } = sandbox();
    const sketches = [
      'function draw() { for (let y = 0; y < height; y += 10) for (let x = 0; x < width; x += 10) rect(x, y, 5, 5); }',
      'let i = 10; while (i--) { if (i % 2) continue; }',
      'async function f(it) { for await (const v of it) console.log(v); }',
      'const a = [1,2,3]; for (const k in a) { a[k] = a[k] / 2 / 1; }',
      'do { x = x / 2 } while (x > 1); var x = 8;',
    ];
    for (const s of sketches) expect(() => new Function(guard(s)), s).not.toThrow();
  });
});
