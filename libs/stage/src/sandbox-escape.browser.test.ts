// The sandbox escape suite: each attempt runs inside a real user-code frame of the sandbox origin
// (the api's runner, started by globalSetup) and reports what it got. The report lists every
// attempt with "contained"; any escape fails the test.
import { afterAll, describe, expect, inject, it } from 'vitest';
import { SandboxFrame } from './sandbox-frame';
import { browserClock } from './browser-clock';
import { runnerUrl } from './sandbox-protocol';
import { checkLayerUrl } from './url-policy';

const sandboxOrigin = inject('sandboxOrigin');

// Runs inside the frame. Each attempt reports {name, contained, detail} through console.log,
// which the runner forwards to the parent as a protocol log message.
const ATTACK = String.raw`
var APP = document.querySelector('meta[name="beamstage-parent"]').content;
function report(name, contained, detail) { console.log(JSON.stringify({ attempt: name, contained: !!contained, detail: String(detail).slice(0, 200) })); }
function attempt(name, fn) { try { fn(); } catch (e) { report(name, true, e.name + ': ' + e.message); } }
attempt('read the app cookies', function () { var c = document.cookie; report('read the app cookies', c.indexOf('beamstage-secret') < 0, 'cookie=' + c); });
attempt('read the app localStorage', function () { var v = localStorage.getItem('beamstage-secret'); report('read the app localStorage', v === null, 'value=' + v); });
attempt('read the app IndexedDB', function () {
  var req = indexedDB.open('beamstage-secret-db');
  req.onsuccess = function () { report('read the app IndexedDB', !req.result.objectStoreNames.contains('secrets'), 'stores=' + Array.from(req.result.objectStoreNames)); };
  req.onerror = function () { report('read the app IndexedDB', true, 'open failed'); };
});
attempt('reach window.parent.document', function () { var d = window.parent.document; report('reach window.parent.document', false, 'title=' + d.title); });
attempt('navigate top', function () { top.location.href = 'https://example.invalid/pwned'; report('navigate top', false, 'no error'); });
attempt('open a popup', function () { var w = window.open('https://example.invalid/popup'); report('open a popup', w === null, 'window=' + w); });
attempt('post a forged parent-shaped message', function () {
  for (var i = 0; i < parent.frames.length; i++) {
    if (parent.frames[i] === window) continue;
    parent.frames[i].postMessage({ type: 'beamstage:run', v: 1, kind: 'script', code: 'console.log("FORGED CODE RAN")' }, '*');
  }
  report('post a forged parent-shaped message', true, 'sent to ' + (parent.frames.length - 1) + ' frames; the victim reports if it ran');
});
attempt('fetch the api with credentials', function () {
  fetch(APP + '/api/me', { credentials: 'include' }).then(function (r) { return r.text(); }).then(function (t) { report('fetch the api with credentials', false, 'read ' + t.length + ' bytes'); }, function (e) { report('fetch the api with credentials', true, e.name + ': ' + e.message); });
});
attempt('load a studio page in a frame', function () {
  var f = document.createElement('iframe'); f.src = APP + '/editor/x'; document.body.appendChild(f);
  setTimeout(function () { report('load a studio page in a frame', window.frames.length === 0 && !document.querySelector('iframe'), 'frames=' + window.frames.length); }, 200);
});
attempt('endless loop', function () { var n = 0; while (true) { n++; } });
attempt('fork bomb of frames', function () {
  for (var i = 0; i < 50; i++) { var f = document.createElement('iframe'); f.srcdoc = '<script>for(;;){var g=document.createElement("iframe");g.srcdoc=document.documentElement.outerHTML;document.body.appendChild(g)}<\/script>'; document.body.appendChild(f); }
  setTimeout(function () { report('fork bomb of frames', window.frames.length === 0, 'frames=' + window.frames.length); }, 300);
});
`;

const EXPECTED = [
  'read the app cookies',
  'read the app localStorage',
  'read the app IndexedDB',
  'reach window.parent.document',
  'navigate top',
  'open a popup',
  'post a forged parent-shaped message',
  'fetch the api with credentials',
  'load a studio page in a frame',
  'endless loop',
  'fork bomb of frames',
];

const frames: SandboxFrame[] = [];
afterAll(() => frames.forEach((f) => f.dispose()));

describe('sandbox escape suite', () => {
  it('contains every attempt made from inside a user-code frame', async () => {
    // Secrets of the app origin that user code must not reach.
    document.cookie = 'beamstage-secret=1; path=/';
    localStorage.setItem('beamstage-secret', 'token');
    await new Promise<void>((resolve, reject) => {
      const req = indexedDB.open('beamstage-secret-db', 1);
      req.onupgradeneeded = () => req.result.createObjectStore('secrets');
      req.onsuccess = () => {
        req.result.close();
        resolve();
      };
      req.onerror = () => reject(req.error);
    });
    const locationBefore = location.href;

    // The victim: a runner frame that was never given code by its parent.
    const victim = document.createElement('iframe');
    victim.setAttribute('sandbox', 'allow-scripts');
    victim.src = runnerUrl(sandboxOrigin, location.origin);
    const victimLogs: string[] = [];
    window.addEventListener('message', (e) => {
      if (e.source === victim.contentWindow && (e.data as { type?: string })?.type === 'beamstage:log')
        victimLogs.push(String((e.data as { message?: string }).message));
    });
    const victimReady = new Promise<void>((r) => window.addEventListener('message', (e) => e.source === victim.contentWindow && r()));
    document.body.appendChild(victim);
    await victimReady;

    const results = new Map<string, { contained: boolean; detail: string }>();
    const clock = browserClock();
    const frame = new SandboxFrame({
      sandboxOrigin,
      parentOrigin: location.origin,
      kind: 'script',
      code: ATTACK,
      clock,
      onLog: (_level, message) => {
        try {
          const r = JSON.parse(message) as { attempt: string; contained: boolean; detail: string };
          if (!results.has(r.attempt)) results.set(r.attempt, { contained: r.contained, detail: r.detail });
        } catch {
          // Not a report.
        }
      },
      onError: (message) => {
        // The loop guard stops the endless loop with an error the runner reports.
        if (/Loop stopped after/.test(message)) results.set('endless loop', { contained: true, detail: message });
      },
    });
    frames.push(frame);
    document.body.appendChild(frame.iframe);
    const end = performance.now() + 20_000;
    while (results.size < EXPECTED.length && performance.now() < end) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 300));

    // Checked from outside too: the page was not navigated, the forged message ran nothing, the
    // studio's own pages are refused as URL layers.
    results.set('navigate top (page still here)', { contained: location.href === locationBefore, detail: location.href });
    results.set('forged message ran code in another frame', {
      contained: !victimLogs.some((l) => l.includes('FORGED CODE RAN')),
      detail: `victim logs: ${victimLogs.length}`,
    });
    const url = checkLayerUrl(`${location.origin}/editor/p1`, { studioOrigins: [location.origin, sandboxOrigin], allowLocalHttp: true });
    results.set('load a studio page in a URL layer', { contained: !url.ok, detail: url.ok ? url.url : url.message });
    results.set('heartbeat kept after the attempts', { contained: !frame.isDisposed, detail: `frame ${frame.isDisposed ? 'removed' : 'alive'}` });

    const lines = [...results].map(([name, r]) => `${r.contained ? 'contained' : 'ESCAPED  '}  ${name}  (${r.detail})`);
    console.log(`Sandbox escape suite:\n${lines.join('\n')}`);
    for (const name of EXPECTED) expect(results.has(name), `no report for "${name}"`).toBe(true);
    for (const [name, r] of results) expect(r.contained, `${name}: ${r.detail}`).toBe(true);
    // Sanity: the secrets are still readable here, so "contained" was not an accident of setup.
    expect(document.cookie).toContain('beamstage-secret=1');
    expect(localStorage.getItem('beamstage-secret')).toBe('token');
  });
});
