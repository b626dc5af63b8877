import { describe, expect, it } from 'vitest';
import { createDefaultProject } from './defaults';
import type { ProjectId } from './ids';
import { migrateProject } from './migrate';
import { validateProject } from './validate';

const good = () => createDefaultProject({ id: 'proj_1_abc' as ProjectId, nowMs: 0 });

describe('validateProject (spec messages)', () => {
  it('accepts a default project', () => {
    expect(validateProject(good())).toEqual({ valid: true, errors: [] });
  });
  it('reports each problem with the exact text', () => {
    expect(validateProject({}).errors).toEqual(['Missing project version', 'Missing project ID', 'Invalid canvas dimensions', 'Layers must be an array']);
    const p = { ...good(), canvas: { width: 0, height: 600 }, layers: [{ id: 'a', type: 'image' }, { id: 'b' }, null] };
    expect(validateProject(p).errors).toEqual([
      'Invalid canvas dimensions',
      'Layer at index 1 is missing required properties',
      'Layer at index 2 is missing required properties',
    ]);
  });
});

describe('migrateProject', () => {
  it('realtime becomes syncEnabled; missing autoMode is false; default true', () => {
    const old = { ...good(), schemaVersion: undefined, metadata: { id: 'x', name: 'Old', realtime: false } };
    const r = migrateProject(JSON.parse(JSON.stringify(old)));
    expect(r.fromSchemaVersion).toBe(1);
    expect(r.project.metadata.syncEnabled).toBe(false);
    expect(r.project.metadata.autoMode).toBe(false);
    expect(r.project.schemaVersion).toBe(2);
    expect(r.readOnly).toBe(false);
    expect(migrateProject({ metadata: {} }).project.metadata.syncEnabled).toBe(true);
    expect(migrateProject({ metadata: { syncEnabled: false, realtime: true } }).project.metadata.syncEnabled).toBe(false);
  });
  it('a file newer than the code is read-only', () => {
    const r = migrateProject({ ...good(), schemaVersion: 99 });
    expect(r.readOnly).toBe(true);
  });
  it('is the identity on a current project', () => {
    const p = good();
    expect(migrateProject(JSON.parse(JSON.stringify(p))).project).toEqual(p);
  });
  it('throws the clear error on a non-object', () => {
    expect(() => migrateProject(3)).toThrow('Invalid project JSON');
  });
});
