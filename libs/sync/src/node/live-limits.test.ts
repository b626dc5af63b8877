import { Repo } from '@automerge/automerge-repo';
import { createDefaultProject, createLayer, DEFAULT_DOCUMENT_LIMITS, toDoc, type DocumentLimits, type ProjectDoc, type ProjectId } from '@beamstage/layers';
import { describe, expect, it } from 'vitest';
import { guardLiveLimits, trustedChange } from './live-limits';

// The guard walks the whole document after live changes; the server's own (trustedChange) are
// taken as the new good state unwalked, and never let a live change pass unchecked.
const limits: DocumentLimits = { ...DEFAULT_DOCUMENT_LIMITS, maxLayers: 2 };
const layer = (id: string) => ({ ...createLayer('image'), id, order: id }) as unknown as ProjectDoc['layers'][string];
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

function guarded() {
  const repo = new Repo({ network: [] });
  const handle = repo.create<ProjectDoc>(toDoc(createDefaultProject({ id: 'prj_limits' as ProjectId, nowMs: 0 })));
  const breaches: string[] = [];
  const stop = guardLiveLimits(handle, limits, { limits: async () => limits, onBreach: (v) => breaches.push(v.limit) });
  const layerIds = () => Object.keys(handle.doc().layers).sort();
  return { handle, breaches, stop, layerIds };
}

describe('guardLiveLimits', () => {
  it('reverts a live change over a limit to the last good state', async () => {
    const { handle, breaches, layerIds } = guarded();
    handle.change((d) => void (d.layers.a = layer('a')));
    await settle();
    handle.change((d) => {
      d.layers.b = layer('b');
      d.layers.c = layer('c');
    });
    await settle();
    expect(layerIds()).toEqual(['a']);
    expect(breaches).toEqual(['maxLayers']);
  });

  it("takes the server's own change as good without walking it, so a later breach keeps it", async () => {
    const { handle, breaches, layerIds } = guarded();
    // Over the limit on purpose: a walk would revert it. (The server checks its writes before.)
    trustedChange(() =>
      handle.change((d) => {
        for (const id of ['a', 'b', 'c']) d.layers[id] = layer(id);
      }),
    );
    await settle();
    expect(layerIds()).toEqual(['a', 'b', 'c']);
    expect(breaches).toEqual([]);
    handle.change((d) => void (d.layers.d = layer('d')));
    await settle();
    // The live change is reverted to the state the trusted change left, not to before it.
    expect(layerIds()).toEqual(['a', 'b', 'c']);
    expect(breaches).toEqual(['maxLayers']);
  });

  it('still checks a live change that a trusted one follows before the check runs', async () => {
    const { handle, breaches, layerIds } = guarded();
    handle.change((d) => {
      d.layers.a = layer('a');
      d.layers.b = layer('b');
      d.layers.c = layer('c');
    });
    // Same turn: the live change's check is scheduled, not run yet.
    trustedChange(() => handle.change((d) => void (d.metadata.name = 'renamed')));
    await settle();
    expect(breaches).toEqual(['maxLayers']);
    expect(layerIds()).toEqual([]);
  });
});
