import { next as A } from '@automerge/automerge';
import { Repo, type DocHandle } from '@automerge/automerge-repo';
import { BroadcastChannelNetworkAdapter } from '@automerge/automerge-repo-network-broadcastchannel';
import { afterEach, describe, expect, it } from 'vitest';
import { forwardUnpatchedChanges } from './unpatched-changes';

type Doc = { name: string; layer?: { x: number } };
const repos: Repo[] = [];
afterEach(async () => {
  for (const r of repos.splice(0)) await r.shutdown();
});

const until = async (check: () => boolean, ms: number) => {
  const start = Date.now();
  while (!check() && Date.now() - start < ms) await new Promise((r) => setTimeout(r, 10));
  return check();
};
/** Resolves once no repo has received a sync message for `ms`. */
async function quiet(peers: Repo[], ms: number): Promise<void> {
  let last = Date.now();
  const touch = () => void (last = Date.now());
  for (const p of peers) p.networkSubsystem.on('message', touch);
  while (Date.now() - last < ms) await new Promise((r) => setTimeout(r, 20));
  for (const p of peers) p.networkSubsystem.off('message', touch);
}
const has = (doc: A.Doc<unknown>, hash: string) => A.getMissingDeps(doc, [hash]).length === 0;

/**
 * A hub repo and a follower repo in sync; then the hub takes in an edit inside an object that a
 * concurrent change, already applied, deleted: the edit moves no value and Automerge reports no
 * patch for it. Returns that change's hash and the follower's handle.
 */
async function hubWithLosingChange(forward: boolean, channel: string) {
  const hub = new Repo({ network: [new BroadcastChannelNetworkAdapter({ channelName: channel })] });
  const follower = new Repo({ network: [new BroadcastChannelNetworkAdapter({ channelName: channel })] });
  repos.push(hub, follower);
  const handle = hub.create<Doc>({ name: 'start', layer: { x: 1 } });
  if (forward) forwardUnpatchedChanges(handle);
  const mirror: DocHandle<Doc> = await follower.find<Doc>(handle.url);
  // Two concurrent changes from peers the follower never talks to: one removes the layer, the
  // other moves it (as removeLayer and updateLayer on two editors).
  const base = handle.doc();
  const removal = A.change(A.clone(base), (d) => void delete d.layer);
  const move = A.change(A.clone(base), (d) => void (d.layer!.x = 2));
  handle.update((doc) => A.merge(doc, removal));
  expect(await until(() => mirror.doc().layer === undefined, 30_000)).toBe(true);
  // Let the sync exchange that carried it finish: its last messages would carry anything new.
  // Waited for as quiet (no message either way for 500 ms), not a fixed time, so a busy machine
  // that runs the exchange late does not carry the move along.
  await quiet([hub, follower], 500);
  const moveHash = A.getHeads(move)[0]!;
  handle.update((doc) => A.merge(doc, move));
  expect(handle.doc().layer).toBeUndefined(); // the move changes nothing visible: no patch, no 'change'
  expect(has(handle.doc(), moveHash)).toBe(true);
  return { mirror, loserHash: moveHash };
}

describe('forwardUnpatchedChanges', () => {
  it('without it, an edit inside a concurrently deleted object never leaves the repo that took it in', async () => {
    const { mirror, loserHash } = await hubWithLosingChange(false, 'unpatched-off');
    expect(await until(() => has(mirror.doc(), loserHash), 1500)).toBe(false);
  });

  it('with it, the change reaches the other peers like any other', async () => {
    const { mirror, loserHash } = await hubWithLosingChange(true, 'unpatched-on');
    expect(await until(() => has(mirror.doc(), loserHash), 30_000)).toBe(true);
    expect(mirror.doc().layer).toBeUndefined();
  });
});
