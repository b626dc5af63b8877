// nginx for tests: Debian's package (.ci/run installs it), run as the current user with every path
// (pid, logs, temp folders) under a temp prefix, in front of api instances on loopback, with the
// repository's own deploy/nginx/beamstage.conf included verbatim.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The deployment's nginx config, kept in the repository. */
export const BEAMSTAGE_NGINX_CONF = fileURLToPath(new URL('../../../../deploy/nginx/beamstage.conf', import.meta.url));

/** The nginx binary, or null when it is not installed. */
export function findNginx(): string | null {
  for (const candidate of ['/usr/sbin/nginx', '/usr/bin/nginx']) if (existsSync(candidate)) return candidate;
  return null;
}

export interface NginxSite {
  /** Loopback port of the studio origin. */
  port: number;
  /** Loopback port of the sandbox origin. */
  sandboxPort: number;
  /** api instances' ports (the same list twice in the config: round-robin and by project). */
  instances: number[];
  /** The instances' sandbox ports. */
  sandboxInstances: number[];
  /** Passive health check: seconds an instance stays out after a refused connection. */
  failTimeoutS?: number;
}

/** Writes a prefix folder: nginx.conf including the repository's config, and beamstage/*.conf for this site. */
export function writeNginxPrefix(site: NginxSite, dir = mkdtempSync(join(tmpdir(), 'beamstage-nginx-'))): string {
  mkdirSync(join(dir, 'beamstage'), { recursive: true });
  mkdirSync(join(dir, 'temp'), { recursive: true });
  const servers = (ports: number[]) => ports.map((p) => `server 127.0.0.1:${p} max_fails=1 fail_timeout=${site.failTimeoutS ?? 5}s;\n`).join('');
  writeFileSync(join(dir, 'beamstage', 'instances.conf'), servers(site.instances));
  writeFileSync(join(dir, 'beamstage', 'sandbox-instances.conf'), servers(site.sandboxInstances));
  writeFileSync(join(dir, 'beamstage', 'listen.conf'), `listen 127.0.0.1:${site.port};\n`);
  writeFileSync(join(dir, 'beamstage', 'sandbox-listen.conf'), `listen 127.0.0.1:${site.sandboxPort};\n`);
  const temp = (name: string) => `${name}_temp_path ${join(dir, 'temp', name)};`;
  writeFileSync(
    join(dir, 'nginx.conf'),
    [
      // Ignored (with a notice) unless nginx starts as root; as root, workers stay this user.
      `user ${userInfo().username};`,
      'worker_processes 1;',
      'daemon off;',
      `pid ${join(dir, 'nginx.pid')};`,
      `error_log ${join(dir, 'error.log')} warn;`,
      'events { worker_connections 1024; }',
      'http {',
      `  access_log ${join(dir, 'access.log')};`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((n) => `  ${temp(n)}`),
      `  include ${BEAMSTAGE_NGINX_CONF};`,
      '}',
      '',
    ].join('\n'),
  );
  return dir;
}

/** `nginx -t` on a prefix: the config parses and every include resolves. */
export function testNginxConfig(dir: string): { ok: boolean; output: string } {
  const bin = findNginx();
  if (!bin) throw new Error('nginx is not installed (apt-get install -y nginx)');
  const r = spawnSync(bin, ['-t', '-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')], { encoding: 'utf8' });
  return { ok: r.status === 0, output: `${r.stdout}${r.stderr}` };
}

export interface RunningNginx {
  dir: string;
  url: string;
  process: ChildProcess;
  /** What nginx logged (upstream failures name the instance). */
  errorLog(): string;
  stop(): Promise<void>;
}

/** Starts nginx in the foreground on the site's ports and waits until it answers. */
export async function startNginx(site: NginxSite): Promise<RunningNginx> {
  const bin = findNginx();
  if (!bin) throw new Error('nginx is not installed (apt-get install -y nginx)');
  const dir = writeNginxPrefix(site);
  const checked = testNginxConfig(dir);
  if (!checked.ok) throw new Error(`nginx -t failed:\n${checked.output}`);
  const child = spawn(bin, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (b: Buffer) => (out += b.toString()));
  child.stderr!.on('data', (b: Buffer) => (out += b.toString()));
  const errorLog = () => (existsSync(join(dir, 'error.log')) ? readFileSync(join(dir, 'error.log'), 'utf8') : '') + out;
  const url = `http://127.0.0.1:${site.port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}):\n${errorLog()}`);
    // Any answer (even 502 while no instance is up) means nginx listens.
    const answered = await fetch(`${url}/nginx-listening`).then(
      () => true,
      () => false,
    );
    if (answered) break;
    if (Date.now() > deadline) throw new Error(`nginx did not answer on ${url}:\n${errorLog()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    dir,
    url,
    process: child,
    errorLog,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGQUIT');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
