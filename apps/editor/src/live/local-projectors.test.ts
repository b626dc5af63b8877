import { createDefaultProject, type ProjectId } from '@beamstage/layers';
import type { EphemeralChannel } from '@beamstage/sync';
import { createManualClock } from '@beamstage/timeline';
import { describe, expect, it } from 'vitest';
import { createEditorStore } from '../state/editor-store';
import { LOCAL_PROJECT_COALESCE_MS, LOCAL_PROJECT_REFRESH_MS, shareProjectLocally } from './local-projectors';

describe('shareProjectLocally', () => {
  it('posts the project once per burst of changes, and again to a projector that announces itself', async () => {
    const store = createEditorStore();
    const sent: unknown[] = [];
    let hear: (m: unknown, from: string) => void = () => undefined;
    const local: EphemeralChannel = { broadcast: (m) => sent.push(m), subscribe: (l) => ((hear = l), () => undefined) };
    const clock = createManualClock();
    const stop = shareProjectLocally(store, local, { LOCAL_PROJECT_KIND: 'local-project' }, clock);
    const p = createDefaultProject({ id: 'proj_1_a' as ProjectId, nowMs: 0 });
    store.project = p;
    store.project = { ...p, metadata: { ...p.metadata, name: 'Second' } };
    await Promise.resolve(); // valtio notifies after a microtask
    expect(clock.pendingTimers()).toBe(1);
    clock.advance(LOCAL_PROJECT_COALESCE_MS - 1);
    expect(sent).toEqual([]);
    clock.advance(1);
    expect(sent).toEqual([{ kind: 'local-project', project: expect.objectContaining({ metadata: expect.objectContaining({ name: 'Second' }) }) }]);
    hear({ kind: 'projector', projectorId: 'x' }, 'peer');
    expect(clock.pendingTimers()).toBe(0); // just sent
    clock.advance(LOCAL_PROJECT_REFRESH_MS);
    hear({ kind: 'drag' }, 'peer');
    expect(clock.pendingTimers()).toBe(0);
    hear({ kind: 'projector', projectorId: 'x' }, 'peer');
    clock.advance(LOCAL_PROJECT_COALESCE_MS);
    expect(sent.length).toBe(2);
    stop();
  });
});
