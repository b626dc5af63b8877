import { describe, expect, it } from 'vitest';
import { domBlendCss, domBlendFallsBack } from './dom-blend';
import { HTML_LAYER_MAX, HtmlLayerManager, estimateHtmlLayerMb, htmlStageFor } from './html-layer-manager';
import { LoadTracker, type LayerIssue, type LoadEntry } from './load-tracker';
import { parseFrameMessage, runnerUrl } from './sandbox-protocol';
import { SHADER_QUARANTINE_KEY, ShaderQuarantine, shaderHash } from './shader-quarantine';
import { manualClock } from './testing-clock';
import { checkLayerUrl } from './url-policy';

describe('checkLayerUrl', () => {
  const policy = { studioOrigins: ['https://studio.example', 'https://sandbox.example'] };
  it('accepts https pages and normalises them', () => {
    expect(checkLayerUrl(' https://example.com/a?b=1 ', policy)).toEqual({ ok: true, url: 'https://example.com/a?b=1' });
  });
  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'data:text/html,<script>1</script>',
    'blob:https://studio.example/x',
    'file:///etc/passwd',
    'about:blank',
    'ftp://example.com',
  ])('refuses %s with a message', (url) => {
    const r = checkLayerUrl(url, policy);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(/cannot be shown in a URL layer/);
  });
  it("refuses the studio's own pages and the sandbox", () => {
    for (const url of ['https://studio.example/editor/p1', 'https://studio.example', 'https://sandbox.example/runner.html']) {
      expect(checkLayerUrl(url, policy)).toEqual({ ok: false, message: "Beamstage's own pages cannot be shown inside a URL layer" });
    }
  });
  it('refuses http except localhost in development, and credentials in the address', () => {
    expect(checkLayerUrl('http://example.com', policy).ok).toBe(false);
    expect(checkLayerUrl('http://localhost:5173/demo', policy).ok).toBe(false);
    expect(checkLayerUrl('http://localhost:5173/demo', { ...policy, allowLocalHttp: true }).ok).toBe(true);
    expect(checkLayerUrl('http://127.0.0.1:8080', { ...policy, allowLocalHttp: true }).ok).toBe(true);
    expect(checkLayerUrl('http://example.com', { ...policy, allowLocalHttp: true }).ok).toBe(false);
    expect(checkLayerUrl('https://user:pw@example.com', policy).ok).toBe(false);
    expect(checkLayerUrl('', policy).ok).toBe(false);
    expect(checkLayerUrl('not a url', policy).ok).toBe(false);
  });
});

describe('DOM blend modes', () => {
  it('maps CSS blend modes and says which fall back to normal', () => {
    expect(domBlendCss('multiply')).toBe('multiply');
    expect(domBlendCss('luminosity')).toBe('luminosity');
    expect(domBlendCss('add')).toBe('plus-lighter');
    expect(domBlendCss('nonsense')).toBe('normal');
    for (const m of ['subtract', 'erase', 'xor', 'src-in', 'src-out', 'src-atop', 'dst-over', 'dst-in', 'dst-out', 'dst-atop']) {
      expect(domBlendFallsBack(m), m).toBe(true);
      expect(domBlendCss(m)).toBe('normal');
    }
    for (const m of [
      'normal',
      'add',
      'screen',
      'overlay',
      'darken',
      'lighten',
      'color-dodge',
      'color-burn',
      'hard-light',
      'soft-light',
      'difference',
      'exclusion',
      'hue',
      'saturation',
      'color',
      'luminosity',
    ]) {
      expect(domBlendFallsBack(m), m).toBe(false);
    }
  });
});

describe('LoadTracker', () => {
  const setup = () => {
    const clock = manualClock();
    const issues: LayerIssue[] = [];
    const changes: LoadEntry[] = [];
    return {
      clock,
      issues,
      changes,
      tracker: new LoadTracker(
        clock,
        (i) => issues.push(i),
        (e) => changes.push(e),
      ),
    };
  };
  it('forces completion after 15 s for images and 8 s for other types with the spec text', () => {
    const { clock, issues, tracker } = setup();
    tracker.start('img', 'image');
    tracker.start('vid', 'video');
    clock.advance(7_999);
    expect(issues).toEqual([]);
    clock.advance(1);
    expect(issues.map((i) => i.message)).toEqual(['Layer vid loading timeout']);
    expect(tracker.status('vid')).toMatchObject({ status: 'loaded', forced: true });
    clock.advance(7_000);
    expect(issues.map((i) => i.message)).toEqual(['Layer vid loading timeout', 'Layer img loading timeout']);
  });
  it('reports failures, retries back to loading and drops finished entries after 5 s', () => {
    const { clock, issues, tracker, changes } = setup();
    tracker.start('a', 'giphy');
    tracker.failed('a', 'The image could not be loaded');
    expect(issues).toEqual([{ layerId: 'a', kind: 'error', message: 'Layer a failed to load', detail: 'The image could not be loaded' }]);
    tracker.start('a', 'giphy');
    expect(tracker.status('a')?.status).toBe('loading');
    tracker.loaded('a');
    expect(changes.map((c) => c.status)).toEqual(['loading', 'error', 'loading', 'loaded']);
    clock.advance(4_999);
    expect(tracker.status('a')).toBeDefined();
    clock.advance(1);
    expect(tracker.status('a')).toBeUndefined();
    clock.advance(10_000);
    expect(issues).toHaveLength(1);
  });
});

describe('HtmlLayerManager', () => {
  it('admits at most 10 live layers and estimates 2-15 MB each', () => {
    const m = new HtmlLayerManager({ clock: manualClock() });
    for (let i = 0; i < HTML_LAYER_MAX; i++) expect(m.admit(`h${i}`, 100)).toBe(true);
    expect(m.admit('h10', 100)).toBe(false);
    expect(m.count()).toBe(10);
    m.release('h0');
    expect(m.admit('h10', 100)).toBe(true);
    expect(estimateHtmlLayerMb(0)).toBe(2);
    expect(estimateHtmlLayerMb(1_000_000)).toBe(15);
  });
  it('stages at 5, 7, 10 layers and 20/25/40 MB', () => {
    expect(htmlStageFor(5, 10)).toBe('normal');
    expect(htmlStageFor(6, 10)).toBe('warn');
    expect(htmlStageFor(8, 10)).toBe('hide');
    expect(htmlStageFor(11, 10)).toBe('remove');
    expect(htmlStageFor(1, 21)).toBe('warn');
    expect(htmlStageFor(1, 26)).toBe('hide');
    expect(htmlStageFor(1, 41)).toBe('remove');
  });
  it('only monitors by default and reports every 30 s; with cleanup on, hides ~20% least active', () => {
    const clock = manualClock();
    const reports: string[] = [];
    const off = new HtmlLayerManager({ clock, onReport: (r) => reports.push(`${r.stage}:${r.hidden.length}`) });
    off.start();
    for (let i = 0; i < 8; i++) off.admit(`h${i}`, 100);
    clock.advance(30_000);
    expect(reports).toEqual(['hide:0']);
    off.stop();
    const hidden: string[][] = [];
    const on = new HtmlLayerManager({ clock, cleanupEnabled: true, onHide: (ids) => hidden.push(ids) });
    for (let i = 0; i < 8; i++) {
      on.admit(`h${i}`, 100);
      clock.advance(1000);
    }
    on.touch('h0');
    expect(on.check().stage).toBe('hide');
    expect(hidden).toEqual([['h1', 'h2']]);
  });
  it('marks layers idle for 5 minutes inactive', () => {
    const clock = manualClock();
    const m = new HtmlLayerManager({ clock });
    m.start();
    m.admit('a', 10);
    m.admit('b', 10);
    clock.advance(200_000);
    m.touch('b');
    clock.advance(110_000);
    expect(m.check().inactive).toEqual(['a']);
  });
});

describe('ShaderQuarantine', () => {
  it('remembers a shader by hash across instances until its source changes', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    new ShaderQuarantine(storage).add('void main(){ while(true){} }');
    const after = new ShaderQuarantine(storage);
    expect(after.has('void main(){ while(true){} }')).toBe(true);
    expect(after.has('void main(){ while(true){} } // edited')).toBe(false);
    expect(JSON.parse(store.get(SHADER_QUARANTINE_KEY)!)).toEqual([shaderHash('void main(){ while(true){} }')]);
    after.remove('void main(){ while(true){} }');
    expect(after.has('void main(){ while(true){} }')).toBe(false);
    expect(
      new ShaderQuarantine({
        getItem: () => 'not json',
        setItem: () => {
          throw new Error('full');
        },
      }).has('x'),
    ).toBe(false);
  });
});

describe('sandbox protocol (parent side)', () => {
  it('accepts only well-formed frame messages of version 1', () => {
    expect(parseFrameMessage({ type: 'beamstage:ready', v: 1 })).toEqual({ type: 'beamstage:ready' });
    expect(parseFrameMessage({ type: 'beamstage:heartbeat', v: 1, t: 5 })).toEqual({ type: 'beamstage:heartbeat', t: 5 });
    expect(parseFrameMessage({ type: 'beamstage:error', v: 1, message: 'x', line: 3 })).toEqual({ type: 'beamstage:error', message: 'x', line: 3 });
    for (const bad of [
      null,
      'beamstage:ready',
      { type: 'beamstage:ready' },
      { type: 'beamstage:ready', v: 2 },
      { type: 'beamstage:run', v: 1, kind: 'html', code: '' },
      { type: 'beamstage:error', v: 1, message: 'x'.repeat(3000), line: null },
      { type: 'beamstage:log', v: 1, level: 'debug', message: 'x' },
      { type: 'beamstage:frame', v: 1, bitmap: {}, width: 1, height: 1 },
    ]) {
      expect(parseFrameMessage(bad)).toBeNull();
    }
  });
  it('builds the runner address for this studio origin', () => {
    expect(runnerUrl('http://127.0.0.1:3001/', 'http://localhost:3000')).toBe('http://127.0.0.1:3001/runner.html?parent=http%3A%2F%2Flocalhost%3A3000');
    // With the frame's kind (the sandbox origin then starts what it needs with the page).
    expect(runnerUrl('http://127.0.0.1:3001', 'http://localhost:3000', 'p5')).toBe(
      'http://127.0.0.1:3001/runner.html?parent=http%3A%2F%2Flocalhost%3A3000&kind=p5',
    );
  });
});
