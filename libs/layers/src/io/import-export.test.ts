import JSZip from 'jszip';
import { describe, expect, it, vi } from 'vitest';
import { isProjectId } from '../schema/ids';
import { buildProjectJson, seededRandomBytes } from '../testing';
import { exportProjectJson, exportProjectZip } from './export-project';
import { FileOperationBusyError, createFileOperationGate } from './file-gate';
import { importProjectJson, importProjectZip } from './import-project';
import { badEntryName } from './zip-guard';

const opts = { nowMs: 1_800_000_000_000, random: seededRandomBytes(7) };

async function zipOf(files: Record<string, string | Uint8Array>, compression: 'STORE' | 'DEFLATE' = 'DEFLATE'): Promise<Uint8Array> {
  const z = new JSZip();
  for (const [k, v] of Object.entries(files)) z.file(k, v);
  return z.generateAsync({ type: 'uint8array', compression });
}

describe('JSON import', () => {
  it('gives a fresh proj_ id and only warns on validation problems', () => {
    const p = buildProjectJson(['html', 'image']);
    const logger = { error: vi.fn(), warn: vi.fn() };
    const text = JSON.stringify({ ...p, version: undefined });
    const r = importProjectJson(text, { ...opts, logger });
    expect(isProjectId(r.project.id)).toBe(true);
    expect(r.project.id).not.toBe(p.id);
    expect(r.project.metadata.id).toBe(r.project.id);
    expect(r.project.id.startsWith('proj_1800000000000_')).toBe(true);
    expect(logger.warn).toHaveBeenCalledWith('Missing project version');
    expect(r.project.layers.map((l) => l.id)).toEqual(['L0', 'L1']);
  });
  it('rejects non-JSON with a clear error', () => {
    expect(() => importProjectJson('{nope', opts)).toThrow('Invalid project JSON');
    expect(() => importProjectJson('42', opts)).toThrow('Invalid project JSON');
  });
  it('parses without prototype pollution and drops unknown fields', () => {
    const text =
      '{"version":"1.0","id":"x","__proto__":{"polluted":1},"metadata":{"constructor":{"prototype":{"polluted":2}}},"canvas":{"width":10,"height":10},"layers":[{"id":"a","type":"image","evil":true,"__proto__":{"polluted":3}}]}';
    const r = importProjectJson(text, opts);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(r.project)).toBe(Object.prototype);
    expect('evil' in r.project.layers[0]!).toBe(false);
  });
});

describe('zip import and export', () => {
  it('round trips with assets, named after the project', async () => {
    const p = buildProjectJson(['image']);
    p.metadata.name = 'My Show';
    p.assets = [{ id: 'a1' as never, name: 'pic.png', type: 'image' }];
    const json = exportProjectJson(p);
    expect(json.fileName).toBe('My Show.json');
    const z = await exportProjectZip(p, [{ assetId: 'a1', name: 'pic.png', bytes: new Uint8Array([1, 2, 3]) }]);
    expect(z.fileName).toBe('My Show.zip');
    const r = await importProjectZip(z.bytes, opts);
    expect(r.project.layers).toEqual(p.layers);
    expect(r.assets).toEqual([{ path: 'assets/a1/pic.png', assetId: 'a1', name: 'pic.png', mimeType: 'image/png', bytes: new Uint8Array([1, 2, 3]) }]);
  });
  it('needs project.json', async () => {
    await expect(importProjectZip(await zipOf({ 'other.json': '{}' }), opts)).rejects.toThrow('No project.json found in ZIP file');
  });
  it('rejects garbage, too many entries, bombs and bad names with clear errors', async () => {
    await expect(importProjectZip(new Uint8Array([1, 2, 3]), opts)).rejects.toThrow('Invalid ZIP file');
    const many: Record<string, string> = { 'project.json': '{}' };
    for (let i = 0; i < 30; i++) many[`assets/x/${i}.txt`] = 'x';
    await expect(importProjectZip(await zipOf(many), { ...opts, zipLimits: { maxEntries: 10 } })).rejects.toThrow(/too many entries/);
    const bomb = await zipOf({ 'project.json': '{}', 'assets/a/zeros.bin': new Uint8Array(4 * 1024 * 1024) });
    await expect(importProjectZip(bomb, opts)).rejects.toThrow(/compression ratio/);
    await expect(importProjectZip(bomb, { ...opts, zipLimits: { maxInflatedBytes: 1024 * 1024, maxRatio: 1e9 } })).rejects.toThrow(/too large when unpacked/);
    expect(badEntryName('../evil')).toMatch(/parent/);
    expect(badEntryName('/etc/passwd')).toMatch(/absolute/);
    expect(badEntryName('C:/x')).toMatch(/absolute/);
    expect(badEntryName('a\u0001b')).toMatch(/control/);
    expect(badEntryName('assets/a/b.png')).toBeNull();
    const evil = await zipOf({ 'project.json': '{}', '../evil.txt': 'x' });
    await expect(importProjectZip(evil, opts)).rejects.toThrow(/entry name rejected/);
  });
});

describe('one file operation at a time', () => {
  it('a second operation while one runs is refused', async () => {
    const gate = createFileOperationGate();
    let release!: () => void;
    const first = gate.run(() => new Promise<void>((r) => (release = r)));
    expect(gate.busy()).toBe(true);
    await expect(gate.run(async () => 1)).rejects.toBeInstanceOf(FileOperationBusyError);
    release();
    await first;
    await expect(gate.run(async () => 2)).resolves.toBe(2);
  });
});
