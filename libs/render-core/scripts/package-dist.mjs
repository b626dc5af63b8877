#!/usr/bin/env node
// Last step of `npm run build` in libs/render-core: turns dist/ into the package a stranger installs.
// Inside the workspace the apps import the TypeScript sources (../package.json exports ./src);
// dist/ gets its own package.json whose exports name the built files, so `npm pack dist` (or
// `npm publish dist`) produces the installable shape and nothing from the workspace leaks into it.
import { copyFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');
const source = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

// tsc keeps the sources' extensionless relative imports in the .d.ts files; Node's ESM resolution
// (moduleResolution node16/nodenext in a consumer) needs the .js a built file would have.
const RELATIVE = /((?:from|import)\s*\(?\s*['"])(\.{1,2}\/[^'"]+?)(['"])/g;
for (const name of readdirSync(dist)) {
  if (!name.endsWith('.d.ts')) continue;
  const file = join(dist, name);
  const text = readFileSync(file, 'utf8');
  const fixed = text.replace(RELATIVE, (_m, head, spec, tail) => `${head}${/\.(js|json)$/.test(spec) ? spec : `${spec}.js`}${tail}`);
  if (fixed !== text) writeFileSync(file, fixed);
}

const twgl = source.dependencies?.['twgl.js'];
if (!twgl || Object.keys(source.dependencies).length !== 1) throw new Error('render-core must depend on twgl.js and nothing else');
const manifest = {
  name: source.name,
  version: source.version,
  description: source.description,
  license: source.license,
  keywords: source.keywords,
  homepage: source.homepage,
  type: 'module',
  sideEffects: false,
  main: './index.js',
  module: './index.js',
  types: './index.d.ts',
  exports: {
    '.': { types: './index.d.ts', import: './index.js' },
    './package.json': './package.json',
  },
  files: ['*.js', '*.js.map', '*.d.ts', 'README.md', 'CHANGELOG.md', 'LICENSE'],
  // The workspace pins the version it tests; a consumer may already have a later 7.x.
  dependencies: { 'twgl.js': /^\d/.test(twgl) ? `^${twgl}` : twgl },
  engines: { node: '>=18' },
};
writeFileSync(join(dist, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
for (const file of ['README.md', 'CHANGELOG.md', 'LICENSE']) copyFileSync(join(root, file), join(dist, file));
console.log(`render-core: dist/ is the package ${manifest.name}@${manifest.version} (npm pack libs/render-core/dist)`);
