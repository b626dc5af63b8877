import { createDefaultProject } from '@beamstage/layers';
import type { ProjectId } from '@beamstage/layers';
import { describe, expect, it } from 'vitest';
import { shouldGoLive } from './go-live';

const withSync = (syncEnabled: boolean) => {
  const p = createDefaultProject({ id: 'proj_1_a' as ProjectId, nowMs: 0 });
  p.metadata.syncEnabled = syncEnabled;
  return p;
};
const browser = { hasWebSocket: true, hasIndexedDB: true };

describe('shouldGoLive', () => {
  it('follows the live document only when the public answer says realtime is on', () => {
    expect(shouldGoLive(withSync(true), browser)).toBe(true);
    expect(shouldGoLive(withSync(false), browser)).toBe(false);
  });

  it('keeps the snapshot in a browser without WebSocket or IndexedDB', () => {
    expect(shouldGoLive(withSync(true), { ...browser, hasWebSocket: false })).toBe(false);
    expect(shouldGoLive(withSync(true), { ...browser, hasIndexedDB: false })).toBe(false);
  });
});
