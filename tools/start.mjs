#!/usr/bin/env node
// `npm start`: build the three SPAs and the embeddable player when missing or stale (Nx's cache makes an up-to-date build
// a no-op), then run the api, which serves them, /api/*, /sync and the embedded parts.
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const nx = process.platform === 'win32' ? 'nx.cmd' : 'nx';

if (process.env.SKIP_BUILD !== '1') {
  const build = spawnSync('npx', [nx, 'run-many', '-t', 'build', '-p', 'editor', 'projector', 'site', 'player', '--outputStyle=static'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, NX_DAEMON: 'false' },
  });
  if (build.status !== 0) {
    console.error('Beamstage: building the web apps failed (see above); fix the build and run npm start again.');
    process.exit(build.status ?? 1);
  }
}

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], { cwd: root, stdio: 'inherit', env: process.env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
