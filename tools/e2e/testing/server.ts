import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../testing/free-port.ts';

/** How long the server may take to print its ready line (PGlite boot, migrations, s3rver, keys). */
export const SERVER_READY_TIMEOUT_MS = 120_000;

export interface StartedServer {
  readonly url: string;
  readonly demoEmail: string;
  readonly demoPassword: string;
  readonly dataDir: string;
  readonly port: number;
  readonly sandboxPort: number;
  readonly process: ChildProcess;
  stop(): Promise<void>;
}

const READY_LINE = /Beamstage is running at (http:\/\/\S+)/;
const DEMO_LINE = /Demo account: (\S+)\s+password: (\S+)/;

/**
 * Starts the studio the way `npm start` does (node tools/start.mjs) with SKIP_BUILD=1 (Nx built the
 * SPAs before e2e), a free port, a free sandbox port and a temporary data dir; resolves on the ready line.
 */
export async function startServer(options: StartOptions = {}): Promise<StartedServer> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startOnce(options);
    } catch (error) {
      // A port freePort found free can be taken before the studio listens on it (CI runs other
      // suites' servers beside the journeys; ci24 met "port … is already in use"): new ports, again.
      // A restart on the same ports (options.again) must keep them, so it is not retried.
      const taken = error instanceof Error && PORT_TAKEN.test(error.message);
      if (!taken || options.again || attempt >= 3) throw error;
    }
  }
}

interface StartOptions {
  env?: Readonly<Record<string, string>>;
  again?: StartedServer;
}

/** The start script's words when PORT or SANDBOX_PORT is taken (apps/api/src/server.ts). */
const PORT_TAKEN = /port \d+ is already in use/;

async function startOnce(options: StartOptions): Promise<StartedServer> {
  const root = fileURLToPath(new URL('../../../', import.meta.url));
  // options.again: the same studio started again after a stop (same ports and data), as a crashed api comes back.
  const port = options.again?.port ?? (await freePort());
  let sandboxPort = options.again?.sandboxPort ?? (await freePort());
  while (sandboxPort === port) sandboxPort = await freePort();
  const dataDir = options.again?.dataDir ?? mkdtempSync(join(tmpdir(), 'beamstage-e2e-'));
  const child = spawn(process.execPath, ['tools/start.mjs'], {
    cwd: root,
    // options.env: extra settings for one spec's own studio (e.g. the GIPHY and AI fakes' addresses).
    // Not 'production': that setting demands PostgreSQL and S3 (the Docker image's), and the
    // journeys run the studio on its embedded defaults as `npm start` does.
    env: { ...process.env, ...options.env, SKIP_BUILD: '1', PORT: String(port), SANDBOX_PORT: String(sandboxPort), DATA_DIR: dataDir, NODE_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  let stopping = false;
  const stop = () =>
    new Promise<void>((resolve) => {
      stopping = true;
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      // The start script forwards SIGTERM to the api; the group kill catches anything left.
      try {
        process.kill(-(child.pid ?? 0), 'SIGTERM');
      } catch {
        child.kill('SIGTERM');
      }
      setTimeout(() => {
        try {
          process.kill(-(child.pid ?? 0), 'SIGKILL');
        } catch {
          // already gone
        }
      }, 10_000).unref();
    });
  return new Promise<StartedServer>((resolve, reject) => {
    let url = '';
    let demo: RegExpMatchArray | null = null;
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`The server did not print "Beamstage is running at" within ${SERVER_READY_TIMEOUT_MS} ms. Output:\n${output}`));
    }, SERVER_READY_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      // Kept short: a long run logs a lot, and only the ready lines and the last words are read.
      output = (output + text).slice(-200_000);
      if (process.env['E2E_SERVER_LOG'] === '1') process.stderr.write(text);
      if (url && demo) return;
      demo ??= output.match(DEMO_LINE);
      const ready = output.match(READY_LINE);
      if (ready?.[1] && !url) url = ready[1];
      if (url && demo) {
        clearTimeout(timer);
        resolve({ url: `http://localhost:${port}`, demoEmail: demo[1] ?? '', demoPassword: demo[2] ?? '', dataDir, port, sandboxPort, process: child, stop });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (!url || !demo) return reject(new Error(`The server exited (${code ?? signal}) before it was ready. Output:\n${output}`));
      // Exited after it was ready: unless a test stopped it, every later journey fails with
      // "connection refused", so the run's log needs the server's own last words.
      if (!stopping)
        process.stderr.write(`\nThe studio at port ${port} exited (${code ?? signal}) during the run. Its last output:\n${output.slice(-20_000)}\n`);
    });
  });
}
