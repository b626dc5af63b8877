// @beamstage/render-core as a stranger gets it: `npm pack` of the built dist/, installed into a fresh
// folder outside the workspace, then (1) imported from Node, (2) type-checked against the shipped
// .d.ts with the workspace's tsc, (3) used by a plain HTML page served from another loopback origin
// in Debian Chromium, reading the pixels at the warped corners.
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../../tools/testing/chromium.ts';

const packageRoot = fileURLToPath(new URL('..', import.meta.url));
const workspaceRoot = fileURLToPath(new URL('../../..', import.meta.url));
const dist = join(packageRoot, 'dist');
const tsc = join(workspaceRoot, 'node_modules', 'typescript', 'bin', 'tsc');

/** npm's own environment variables would point a nested npm back at the workspace. */
const cleanEnv = () => Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k)));

let folder = '';
let consumer = '';
let tarball = '';
let packedFiles: string[] = [];

beforeAll(() => {
  if (!existsSync(join(dist, 'package.json')))
    throw new Error('libs/render-core/dist is not built: run `npx nx run render-core:build` (test-browser depends on it)');
  folder = mkdtempSync(join(tmpdir(), 'render-core-stranger-'));
  expect(relative(workspaceRoot, folder).startsWith('..'), 'the consumer folder is outside the workspace').toBe(true);
  const packed = JSON.parse(
    execFileSync('npm', ['pack', dist, '--pack-destination', folder, '--json'], { cwd: folder, env: cleanEnv(), encoding: 'utf8' }),
  ) as { filename: string; files: { path: string }[] }[];
  tarball = join(folder, packed[0]!.filename);
  packedFiles = packed[0]!.files.map((f) => f.path).sort();
  consumer = join(folder, 'consumer');
  execFileSync('mkdir', ['-p', consumer]);
  writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'stranger', private: true, type: 'module' }));
  const install = spawnSync('npm', ['install', tarball, '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts'], {
    cwd: consumer,
    env: cleanEnv(),
    encoding: 'utf8',
  });
  if (install.status !== 0) throw new Error(`npm install of the tarball failed:\n${install.stdout}\n${install.stderr}`);
});

afterAll(() => {
  if (folder && process.env['KEEP_PACKAGE_TEST'] !== '1') rmSync(folder, { recursive: true, force: true });
});

describe('the packed tarball', () => {
  it('holds the build, its types and maps, the README, CHANGELOG and LICENSE, and no sources', () => {
    expect(packedFiles).toEqual(
      expect.arrayContaining(['package.json', 'index.js', 'index.js.map', 'index.d.ts', 'types.d.ts', 'README.md', 'CHANGELOG.md', 'LICENSE']),
    );
    expect(packedFiles.filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))).toEqual([]);
    expect(packedFiles.filter((f) => f.includes('/'))).toEqual([]);
    const manifest = JSON.parse(readFileSync(join(consumer, 'node_modules/@beamstage/render-core/package.json'), 'utf8'));
    expect(manifest).toMatchObject({
      name: '@beamstage/render-core',
      type: 'module',
      sideEffects: false,
      license: 'MIT',
      exports: { '.': { types: './index.d.ts', import: './index.js' } },
    });
    expect(manifest.private).toBeUndefined();
    expect(Object.keys(manifest.dependencies)).toEqual(['twgl.js']);
    // Only the package and twgl.js were installed: nothing of the workspace came with it.
    expect(
      readdirSync(join(consumer, 'node_modules'))
        .filter((n) => !n.startsWith('.'))
        .sort(),
    ).toEqual(['@beamstage', 'twgl.js']);
    expect(readdirSync(join(consumer, 'node_modules/@beamstage'))).toEqual(['render-core']);
  });

  it('imports in Node: the maths gives the known homography of a known quad', () => {
    const script = `
      import { squareToQuad, applyHomography, quadToQuad, BLEND_MODES, normalizeBlendMode, effectiveBlendMode, evaluateMesh, createMeshPoints } from '@beamstage/render-core';
      const quad = [{ x: 0, y: 0 }, { x: 4, y: 0 }, { x: 3, y: 2 }, { x: 1, y: 2 }];
      const h = squareToQuad(quad);
      const centre = applyHomography(h, { x: 0.5, y: 0.5 });
      const back = applyHomography(quadToQuad(quad, [{ x: 0, y: 0 }, { x: 1, y: 0 }, { x: 1, y: 1 }, { x: 0, y: 1 }]), { x: 3, y: 2 });
      const grid = createMeshPoints(2, 2, 0, 0, 10, 10);
      console.log(JSON.stringify({ h, centre, back, modes: BLEND_MODES.length, unknown: normalizeBlendMode('sparkle'), fallback: effectiveBlendMode('overlay', true), mesh: evaluateMesh({ kind: 'mesh', rows: 2, cols: 2, points: grid }, 0.5, 0.5) }));`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: consumer, encoding: 'utf8' });
    const r = JSON.parse(out);
    // Heckbert's square-to-quad for this trapezoid, worked by hand: g = 0, h = 1.
    const expected = [4, 2, 0, 0, 4, 0, 0, 1, 1];
    r.h.forEach((v: number, i: number) => expect(v).toBeCloseTo(expected[i]!, 12));
    expect(r.centre.x).toBeCloseTo(2, 12);
    expect(r.centre.y).toBeCloseTo(4 / 3, 12);
    expect(r.back.x).toBeCloseTo(1, 12);
    expect(r.back.y).toBeCloseTo(1, 12);
    expect(r).toMatchObject({ modes: 27, unknown: 'normal', fallback: 'multiply' });
    expect(r.mesh.x).toBeCloseTo(5, 9);
    expect(r.mesh.y).toBeCloseTo(5, 9);
  });

  it('type-checks a consumer file against the shipped .d.ts, and rejects a wrong one', () => {
    const tsconfig = {
      compilerOptions: {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        strict: true,
        noEmit: true,
        lib: ['ES2022', 'DOM'],
        types: [],
        skipLibCheck: false,
      },
    };
    writeFileSync(join(consumer, 'tsconfig.json'), JSON.stringify({ ...tsconfig, files: ['consumer.ts'] }));
    copyFileSync(join(packageRoot, 'package-tests/consumer.ts'), join(consumer, 'consumer.ts'));
    const good = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: consumer, encoding: 'utf8' });
    expect(good.stdout + good.stderr, 'tsc on the consumer file').toBe('');
    expect(good.status).toBe(0);
    // A bundler-style consumer (Vite, moduleResolution bundler) resolves the same types.
    writeFileSync(
      join(consumer, 'tsconfig.bundler.json'),
      JSON.stringify({ compilerOptions: { ...tsconfig.compilerOptions, module: 'ESNext', moduleResolution: 'Bundler' }, files: ['consumer.ts'] }),
    );
    const bundler = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.bundler.json'], { cwd: consumer, encoding: 'utf8' });
    expect(bundler.stdout + bundler.stderr).toBe('');
    // The README's Vite example, as the installed package's README shows it, against the shipped types
    // (vite/client's declaration of image imports stands in for Vite).
    const readme = readFileSync(join(consumer, 'node_modules/@beamstage/render-core/README.md'), 'utf8');
    const viteExample = readme.split('**A Vite app**')[1]?.match(/```ts\n([\s\S]*?)```/)?.[1];
    expect(viteExample, 'the README has a Vite example').toContain("from '@beamstage/render-core'");
    writeFileSync(join(consumer, 'vite-example.ts'), viteExample!);
    writeFileSync(join(consumer, 'vite-env.d.ts'), "declare module '*.jpg' { const src: string; export default src; }\n");
    writeFileSync(
      join(consumer, 'tsconfig.vite.json'),
      JSON.stringify({
        compilerOptions: { ...tsconfig.compilerOptions, module: 'ESNext', moduleResolution: 'Bundler' },
        files: ['vite-env.d.ts', 'vite-example.ts'],
      }),
    );
    const vite = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.vite.json'], { cwd: consumer, encoding: 'utf8' });
    expect(vite.stdout + vite.stderr, 'tsc on the README Vite example').toBe('');
    expect(vite.status).toBe(0);
    writeFileSync(join(consumer, 'tsconfig.bad.json'), JSON.stringify({ ...tsconfig, files: ['bad-consumer.ts'] }));
    copyFileSync(join(packageRoot, 'package-tests/bad-consumer.ts'), join(consumer, 'bad-consumer.ts'));
    const bad = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.bad.json'], { cwd: consumer, encoding: 'utf8' });
    expect(bad.status).not.toBe(0);
    expect(bad.stdout).toMatch(/bad-consumer\.ts\(6,.*TS2322/);
    expect(bad.stdout).toMatch(/bad-consumer\.ts\(7,.*TS2345/);
  });
});

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.html': 'text/html', '.map': 'application/json', '.json': 'application/json' };

/** A static file server on one loopback host; the package origin adds CORS, as a CDN does. */
function serve(root: string, host: string, cors: boolean): Promise<Server> {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^([/\\])+/, '');
    const file = join(root, path);
    if (!file.startsWith(root) || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', ...(cors ? { 'access-control-allow-origin': '*' } : {}) });
    res.end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, host, () => resolve(server)));
}

/** The README's plain-HTML example, pointed at the package origin by an import map. */
const page = (packageOrigin: string) => `<!doctype html>
<html><head><meta charset="utf-8"><title>stranger</title>
<script type="importmap">{ "imports": {
  "@beamstage/render-core": "${packageOrigin}/@beamstage/render-core/index.js",
  "twgl.js": "${packageOrigin}/twgl.js/dist/7.x/twgl-full.module.js"
} }</script></head>
<body><canvas id="out"></canvas>
<script type="module">
  import { createRenderer, applyHomography, squareToQuad, rendererString } from '@beamstage/render-core';
  // The image: four coloured quadrants (red, green / white, blue), as a PNG.
  const art = document.createElement('canvas');
  art.width = art.height = 64;
  const g = art.getContext('2d');
  [['#ff0000', 0, 0], ['#00ff00', 32, 0], ['#0000ff', 32, 32], ['#ffffff', 0, 32]].forEach(([c, x, y]) => { g.fillStyle = c; g.fillRect(x, y, 32, 32); });
  const corners = [{ x: 40, y: 30 }, { x: 260, y: 50 }, { x: 230, y: 170 }, { x: 60, y: 190 }];
  const canvas = document.getElementById('out');
  const renderer = createRenderer(canvas);
  const description = { width: 300, height: 200, background: '#000000', items: [{
    id: 'photo', source: { kind: 'image', url: art.toDataURL('image/png') }, width: 64, height: 64, x: 150, y: 100,
    warp: { kind: 'corners', points: corners },
  }] };
  renderer.render(description);
  await renderer.whenIdle();
  // Just inside each warped corner (8% in from the edges, through the homography), and outside.
  const h = squareToQuad(corners);
  const probes = [[0.08, 0.08], [0.92, 0.08], [0.92, 0.92], [0.08, 0.92]].map(([u, v]) => applyHomography(h, { x: u, y: v }));
  probes.push({ x: 10, y: 10 }, { x: 290, y: 190 });
  renderer.render(description); // read in the same task as the draw (no preserveDrawingBuffer)
  const gl = canvas.getContext('webgl2');
  const px = new Uint8Array(4);
  window.__result = { renderer: rendererString(gl), size: [canvas.width, canvas.height], probes: probes.map(({ x, y }) => {
    gl.readPixels(Math.round(x), canvas.height - 1 - Math.round(y), 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, px);
    return { x, y, rgba: [...px] };
  }) };
</script></body></html>`;

describe('a plain HTML page on another origin using the packed build', () => {
  it('draws a warped image: the quadrant colours sit at the warped corners, black outside', async () => {
    const packageServer = await serve(join(consumer, 'node_modules'), '127.0.0.1', true);
    const pageDir = join(folder, 'site');
    execFileSync('mkdir', ['-p', pageDir]);
    const packageOrigin = `http://127.0.0.1:${(packageServer.address() as AddressInfo).port}`;
    writeFileSync(join(pageDir, 'index.html'), page(packageOrigin));
    const pageServer = await serve(pageDir, 'localhost', false);
    const pageOrigin = `http://localhost:${(pageServer.address() as AddressInfo).port}`;
    expect(pageOrigin).not.toBe(packageOrigin);
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
    try {
      const tab = await browser.newPage();
      const errors: string[] = [];
      tab.on('pageerror', (e) => errors.push(e.message));
      const scripts: string[] = [];
      tab.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
      await tab.goto(`${pageOrigin}/index.html`);
      await tab.waitForFunction(() => (window as unknown as { __result?: unknown }).__result !== undefined, null, { timeout: 60_000 });
      const result = (await tab.evaluate(() => (window as unknown as { __result: unknown }).__result)) as {
        renderer: string;
        size: number[];
        probes: { rgba: number[] }[];
      };
      expect(errors).toEqual([]);
      // The library really came from the package origin.
      expect(scripts).toContain(`${packageOrigin}/@beamstage/render-core/index.js`);
      expect(result.renderer, 'WebGL is SwiftShader here, not missing').toMatch(/SwiftShader/i);
      expect(result.size).toEqual([300, 200]);
      const expected = [
        [255, 0, 0],
        [0, 255, 0],
        [0, 0, 255],
        [255, 255, 255],
        [0, 0, 0],
        [0, 0, 0],
      ];
      result.probes.forEach((p, i) => {
        for (let c = 0; c < 3; c++) expect(Math.abs(p.rgba[c]! - expected[i]![c]!), `probe ${i}: ${p.rgba} vs ${expected[i]}`).toBeLessThanOrEqual(8);
        expect(p.rgba[3]).toBe(255);
      });
    } finally {
      await browser.close();
      packageServer.close();
      pageServer.close();
    }
  });
});
