import { createDefaultProject, type ProjectId } from '@beamstage/layers';
import type { EphemeralChannel } from '@beamstage/sync';
import { describe, expect, it } from 'vitest';
import { createEditorStore } from '../state/editor-store';
import { LOCAL_PROJECT_COALESCE_MS, LOCAL_PROJECT_REFRESH_MS, shareProjectLocally } from './local-projectors';

describe('shareProjectLocally', () => {
  it("posts the project once per burst of changes, and again to a projector that announces itself", async () => {
    const store = createEditorStore();
    const sent: unknown[] = [];
    let hear: (m: unknown, from: string) => void = () => undefined;
    const local: EphemeralChannel = { broadcast: (m) => sent.push(m), subscribe: (l) => ((hear = l), () => undefined) };
    const pending: (() => void)[] = [];
    let t = 0;
    const stop = shareProjectLocally(store, local, { LOCAL_PROJECT_KIND: 'local-project' }, {
      setTimeout: ((cb: () => void, ms: number) => (expect(ms).toBe(LOCAL_PROJECT_COALESCE_MS), pending.push(cb))) as unknown as typeof setTimeout,
      clearTimeout: (() => undefined) as typeof clearTimeout,
      now: () => t,
    });
    const p = createDefaultProject({ id: 'proj_1_a' as ProjectId, nowMs: 0 });
    store.project = p;
    store.project = { ...p, metadata: { ...p.metadata, name: 'Second' } };
    await Promise.resolve(); // valtio notifies after a microtask
    expect(pending.length).toBe(1);
    pending.splice(0).forEach((cb) => cb());
    expect(sent).toEqual([{ kind: 'local-project', project: expect.objectContaining({ metadata: expect.objectContaining({ name: 'Second' }) }) }]);
    hear({ kind: 'projector', projectorId: 'x' }, 'peer');
    expect(pending.length).toBe(0); // just sent
    t = LOCAL_PROJECT_REFRESH_MS;
    hear({ kind: 'drag' }, 'peer');
    expect(pending.length).toBe(0);
    hear({ kind: 'projector', projectorId: 'x' }, 'peer');
    pending.splice(0).forEach((cb) => cb());
    expect(sent.length).toBe(2);
    stop();
  });
});
