import { next as A } from '@automerge/automerge';
import { Repo } from '@automerge/automerge-repo';
import { createLayer, toJson, updateLayer, type LayerId, type ProjectDoc } from '@beamstage/layers';
import { describe, expect, it } from 'vitest';
import { buildSyncProjectJson } from '../testing';
import { createProjectDoc, runOperation } from './project-document';
import { migrateWholeStrings, textWholeStringPaths } from './whole-strings';

const DATA_URL = `data:image/png;base64,${'iVBORw0KGgo'.repeat(500)}`;
/** Operations of the document's last change. */
const lastChangeOps = (doc: ProjectDoc) => {
  const changes = A.getAllChanges(doc);
  return A.decodeChange(changes[changes.length - 1]!).ops.length;
};

describe('whole strings', () => {
  it('stores data URLs, code and descriptions as one value each; export sees plain strings', async () => {
    const repo = new Repo({});
    const json = buildSyncProjectJson({ layers: 1 });
    json.metadata.description = 'A description';
    const handle = createProjectDoc(repo, json);
    const doc = handle.doc();
    expect(A.isImmutableString(doc.metadata.description)).toBe(true);
    expect(A.isImmutableString(doc.metadata.name)).toBe(false);
    expect(textWholeStringPaths(doc)).toEqual([]);
    expect(toJson(doc).metadata.description).toBe('A description');

    // A mask's data URL written by an operation: one operation, not one per character (~5,500).
    const mask = createLayer('mask', { id: 'M' as LayerId });
    runOperation(handle, (d) => {
      d.layers['M'] = { ...mask, order: 'z' } as never;
    });
    runOperation(handle, (d) => void updateLayer(d, 'M', { content: { src: DATA_URL } } as never));
    expect(lastChangeOps(handle.doc())).toBeLessThan(5);
    expect(A.isImmutableString((handle.doc().layers['M']!.content as { src: unknown }).src)).toBe(true);
    expect((toJson(handle.doc()).layers.find((l) => l.id === 'M')!.content as { src: string }).src).toBe(DATA_URL);
    await repo.shutdown();
  });

  it('migrates a document stored with text strings, once', async () => {
    const repo = new Repo({});
    const json = buildSyncProjectJson({ layers: 2 });
    json.metadata.description = 'old description';
    // As documents were created before whole strings: every string as collaborative text.
    const legacy = A.from<Record<string, unknown>>(
      JSON.parse(JSON.stringify({ ...json, layers: { L0: { ...json.layers[0], order: 'a' } }, history: undefined })) as Record<string, unknown>,
    );
    const handle = repo.import<ProjectDoc>(A.save(legacy));
    const before = textWholeStringPaths(handle.doc());
    expect(before).toContainEqual(['metadata', 'description']);
    expect(migrateWholeStrings(handle)).toBe(before.length);
    expect(textWholeStringPaths(handle.doc())).toEqual([]);
    expect(String(handle.doc().metadata.description)).toBe('old description');
    expect(migrateWholeStrings(handle)).toBe(0);
    await repo.shutdown();
  });
});
