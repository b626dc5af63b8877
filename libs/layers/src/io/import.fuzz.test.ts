// Seeded fuzz of the import path (design.md section 4, rule 7): mutated project files and zips must
// each be imported or rejected with a ProjectImportError; nothing else may escape, nothing may
// pollute Object.prototype, and whatever is imported is a valid project whose document is normal.
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { toDoc } from '../document/doc';
import { ProjectImportError } from '../schema/errors';
import { checkInvariants } from '../document/invariants';
import { normalizeDoc } from '../document/normalize';
import { buildProjectJson, seededRandomBytes } from '../testing';
import { validateProject } from '../schema/validate';
import { importProjectJson, importProjectZip } from './import-project';

const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);

function rng(seed: number) {
  let s = seed >>> 0 || 1;
  const next = () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 0x100000000;
  };
  return { next, int: (n: number) => Math.floor(next() * n), pick: <T>(a: readonly T[]) => a[Math.floor(next() * a.length)]! };
}

type R = ReturnType<typeof rng>;

const NASTY: unknown[] = [
  null,
  true,
  0,
  -1,
  1e308,
  -0,
  '',
  'x'.repeat(300),
  [],
  {},
  [[[[[]]]]],
  { __proto__: { polluted: 1 } },
  'NaN',
  '__proto__',
  { constructor: { prototype: { polluted: 1 } } },
  { x: 'a', y: 'b' },
  [{ x: 1, y: 2 }],
  { id: 'dup', type: 'image' },
  { id: 'L0', type: 'mask' },
  { type: 'html' },
  { id: 5, type: 'video' },
  'image',
  'dom_mask',
  -1e9,
  3.5,
];

function mutateValue(v: unknown, r: R, depth = 0): unknown {
  if (depth > 6 || r.next() < 0.08) return r.pick(NASTY);
  if (Array.isArray(v)) {
    const out = v.map((x) => (r.next() < 0.3 ? mutateValue(x, r, depth + 1) : x));
    if (r.next() < 0.2) out.push(r.pick(NASTY));
    if (r.next() < 0.1) out.splice(r.int(out.length + 1), 1);
    if (r.next() < 0.1 && out.length) out.push(out[0]);
    return out;
  }
  if (v && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) {
      if (r.next() < 0.05) continue;
      out[k] = r.next() < 0.3 ? mutateValue(x, r, depth + 1) : x;
    }
    if (r.next() < 0.1) out[r.pick(['__proto__', 'constructor', 'prototype', 'realtime', 'schemaVersion', 'extra'])] = r.pick(NASTY);
    return out;
  }
  return r.next() < 0.5 ? r.pick(NASTY) : v;
}

function mutateText(text: string, r: R): string {
  const mode = r.int(6);
  if (mode === 0) return text.slice(0, r.int(text.length));
  if (mode === 1) {
    const i = r.int(text.length);
    return text.slice(0, i) + String.fromCharCode(r.int(128)) + text.slice(i + 1);
  }
  if (mode === 2) return text.replace('"layers":', r.pick(['"layers":"x",', '"__proto__":{"polluted":1},"layers":', '"layers":null,"l":']));
  if (mode === 3) return '['.repeat(r.int(5000)) + text;
  return text;
}

function sampleProject(r: R) {
  const types = ['image', 'video', 'url', 'html', 'fragment-shader', 'giphy', 'p5js', 'mask', 'dom_mask', 'rtmp'] as const;
  const p = buildProjectJson(Array.from({ length: r.int(8) }, () => r.pick(types)));
  p.scenes = [
    {
      id: 's1' as never,
      name: 'A',
      description: '',
      layers: p.layers.slice(0, 2),
      canvas: p.canvas,
      warpPoints: p.warpPoints,
      created: '',
      modified: '',
      metadata: { created: '', modified: '' },
    },
  ];
  p.timeline.keyframes = [{ id: 'k1' as never, layerId: 'L0', property: 'x', time: 100, value: 5, easing: 'linear' }];
  return p;
}

function checkImported(project: unknown) {
  const v = validateProject(project);
  expect(v.errors).toEqual([]);
  const doc = toDoc(project as never);
  normalizeDoc(doc);
  expect(checkInvariants(doc)).toEqual([]);
}

describe(`import fuzz (${RUNS} inputs, seed ${SEED})`, () => {
  it('each input is imported or rejected with a clear message; no pollution', async () => {
    const protoBefore = Object.getOwnPropertyNames(Object.prototype).sort();
    const arrayProtoBefore = Object.getOwnPropertyNames(Array.prototype).sort();
    const r = rng(SEED);
    const random = seededRandomBytes(3);
    let imported = 0;
    let rejected = 0;
    const messages = new Map<string, number>();
    for (let i = 0; i < RUNS; i++) {
      const p = sampleProject(r);
      let text = JSON.stringify(r.next() < 0.8 ? mutateValue(p, r) : p);
      if (r.next() < 0.4) text = mutateText(text, r);
      const asZip = i % 2 === 1;
      try {
        if (asZip) {
          const z = new JSZip();
          if (r.next() > 0.05) z.file(r.next() < 0.05 ? 'nested/project.json' : 'project.json', text);
          if (r.next() < 0.1) z.file(r.pick(['../up.txt', 'assets/a/x.png', 'assets/../../x', 'assets/a\u0007b']), 'x');
          let bytes = await z.generateAsync({ type: 'uint8array', compression: r.next() < 0.5 ? 'DEFLATE' : 'STORE' });
          if (r.next() < 0.3) {
            bytes = bytes.slice();
            for (let k = 0; k < 1 + r.int(4); k++) bytes[r.int(bytes.length)] = r.int(256);
          }
          if (r.next() < 0.1) bytes = bytes.slice(0, r.int(bytes.length));
          checkImported((await importProjectZip(bytes, { nowMs: i, random })).project);
        } else {
          checkImported(importProjectJson(text, { nowMs: i, random }).project);
        }
        imported++;
      } catch (e) {
        if (!(e instanceof ProjectImportError)) throw new Error(`input ${i} threw ${String(e)}: ${text.slice(0, 200)}`);
        expect(e.message.length).toBeGreaterThan(5);
        const key = e.message.replace(/".*"/, '"…"');
        messages.set(key, (messages.get(key) ?? 0) + 1);
        rejected++;
      }
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    }
    expect(Object.prototype).not.toHaveProperty('polluted');
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(protoBefore);
    expect(Object.getOwnPropertyNames(Array.prototype).sort()).toEqual(arrayProtoBefore);
    expect(imported + rejected).toBe(RUNS);
    expect(imported).toBeGreaterThan(0);
    expect(rejected).toBeGreaterThan(0);
    console.log(`import fuzz: ${RUNS} inputs, ${imported} imported, ${rejected} rejected`, Object.fromEntries(messages));
  }, 600_000);
});
