import * as Automerge from '@automerge/automerge';
import { Repo } from '@automerge/automerge-repo';
import type { PGlite } from '@electric-sql/pglite';
import { createDefaultProject, createLayer, normalizeDoc, toDoc, toJson, type LayerId, type ProjectId, type ProjectJson } from '@beamstage/layers';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DrizzleStorageAdapter } from './drizzle-storage-adapter';
import { ProjectDocIndex } from './project-doc-index';
import { ProjectRooms } from './project-rooms';
import { AUTOMERGE_STORAGE_DDL } from './storage-ddl';
import { wrapWholeStrings } from '../document/whole-strings';
import { inMemoryPglite } from '../../../../tools/testing/pglite-template';

// A new project's document seeded from changes built elsewhere (the api's worker thread), applied
// one at a time: the same document a room seeded from the JSON row holds, stored and indexed.
const project = (n: number): ProjectJson => {
  const json = createDefaultProject({ id: `proj_1_seed${String(n).padStart(20, '0')}` as ProjectId, nowMs: 0 });
  json.layers = Array.from({ length: 40 }, (_, i) => ({ ...createLayer('image', { id: `l${i}` as LayerId }), name: `Layer ${i}`, x: i }));
  json.metadata.description = 'a description kept whole';
  return json;
};

/** The project's document as changes: the project without its layers, then ten layers per change. */
const changesOf = (json: ProjectJson): Uint8Array[] => {
  const doc = toDoc(json);
  normalizeDoc(doc);
  const layers = Object.entries(doc.layers);
  let built = Automerge.from<Record<string, unknown>>(wrapWholeStrings({ ...doc, layers: {} }));
  for (let i = 0; i < layers.length; i += 10)
    built = Automerge.change(built, (d) => {
      for (const [id, layer] of layers.slice(i, i + 10)) (d.layers as Record<string, unknown>)[id] = wrapWholeStrings(structuredClone(layer));
    });
  return Automerge.getAllChanges(built);
};

describe('ProjectRooms: a new project given its document', () => {
  let client: PGlite;
  let repo: Repo;
  let rooms: ProjectRooms;
  let index: ProjectDocIndex;
  const opened: string[] = [];
  beforeAll(async () => {
    client = inMemoryPglite();
    await client.exec(AUTOMERGE_STORAGE_DDL);
    const db = drizzle(client);
    repo = new Repo({ network: [], storage: new DrizzleStorageAdapter(db) });
    index = new ProjectDocIndex(db);
    rooms = new ProjectRooms(repo, index, (projectId) => opened.push(projectId));
  });
  afterAll(async () => {
    await repo.shutdown();
    await client.close();
  });

  it('applies the changes one at a time with the pause between them, and holds what a room seeded from JSON holds', async () => {
    const json = project(1);
    const changes = changesOf(json);
    expect(changes.length).toBe(5);
    let pauses = 0;
    const handle = await rooms.seed(json.id, changes, async () => void pauses++);
    expect(pauses).toBe(changes.length);
    expect(await index.get(json.id)).toBe(handle.documentId);
    expect(opened).toEqual([json.id]);
    // The same content as the document the JSON path makes from the same project.
    const fromJson = await rooms.ensure(project(2).id, async () => ({ ...json, id: project(2).id, metadata: { ...json.metadata, id: project(2).id } }));
    const strip = (p: ProjectJson) => ({ ...p, id: '', metadata: { ...p.metadata, id: '' } });
    expect(strip(toJson(handle.doc()))).toEqual(strip(toJson(fromJson.doc())));
    // Whole strings are whole values, as createProjectDoc stores them.
    expect(handle.doc().metadata.description).not.toBeTypeOf('string');
    // Stored: a fresh repo on the same storage finds it with every layer.
    const other = new Repo({ network: [], storage: new DrizzleStorageAdapter(drizzle(client)) });
    const again = await other.find(handle.documentId);
    expect(Object.keys((again.doc() as { layers: object }).layers)).toHaveLength(40);
    await other.shutdown();
    // Opening the project afterwards finds the seeded document, not a new one from JSON.
    expect((await rooms.ensure(json.id, () => Promise.reject(new Error('not read')))).documentId).toBe(handle.documentId);
  });

  it('creates from the document shape already converted (no second conversion from JSON), stored and indexed', async () => {
    const json = project(4);
    const doc = toDoc(json);
    normalizeDoc(doc);
    const row = toJson(doc);
    const handle = await rooms.create(json.id, doc);
    expect(await index.get(json.id)).toBe(handle.documentId);
    expect(toJson(handle.doc())).toEqual(row);
    expect(handle.doc().metadata.description).not.toBeTypeOf('string');
    expect((await rooms.ensure(json.id, () => Promise.reject(new Error('not read')))).documentId).toBe(handle.documentId);
    await expect(rooms.create(json.id, toDoc(json))).rejects.toThrow('already has a document');
  });

  it('refuses a project that already has a document, before applying anything', async () => {
    const json = project(3);
    await rooms.ensure(json.id, async () => json);
    let pauses = 0;
    await expect(rooms.seed(json.id, changesOf(json), async () => void pauses++)).rejects.toThrow('already has a document');
    expect(pauses).toBe(0);
  });
});
