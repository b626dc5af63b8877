import { useAuth0 } from '@auth0/auth0-react';
import { useRouter } from '@tanstack/react-router';
import { browserClock } from '@beamstage/stage';
import { useCallback, useEffect, useRef, useState } from 'react';
import { subscribe } from 'valtio';
import type { ApiClient } from '../api/client';
import { isLocalProjectId } from '../services/local-fallback';
import type { EditorStore } from '../state/editor-store';
import { toast } from '../state/ui-store';
import { followMembers } from './follow-members';
import { fetchMembers, putMember, removeMember } from './members-api';
import { SHARE_NEEDS_SERVER_LOCAL, SHARE_NEEDS_SERVER_OFFLINE, findMe, isUnreachable, shareErrorText } from './share-model';
import type { GrantedRole, ProjectMember } from './share-model';
import { ShareDialog } from './ShareDialog';
import type { ShareView } from './ShareDialog';

/** Who is in the room now, as one comparable string (presence updates also carry selections). */
const peerIds = (peers: readonly { peerId: string }[]): string =>
  peers
    .map((p) => p.peerId)
    .sort()
    .join(' ');

/** Loads the open project's members and makes the owner's and the member's calls of the Share dialog. */
export function ShareHost({ projectId, api, store }: { projectId: string; api: ApiClient; store: EditorStore }) {
  const { user } = useAuth0();
  const router = useRouter();
  const local = isLocalProjectId(projectId);
  const [view, setView] = useState<ShareView>(local ? { kind: 'needs-server', reason: SHARE_NEEDS_SERVER_LOCAL } : { kind: 'loading' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const me = user ? { sub: user.sub ?? null, email: user.email ?? null } : null;

  // Focus goes back to what opened the dialog (the Share button): read while rendering, before the
  // dialog's autoFocus moves it.
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  useEffect(() => () => opener?.focus(), [opener]);

  // The latest read wins: a poll answered after a remove's own read must not bring the row back.
  const lastRead = useRef(0);
  /** Reads the list; `quiet` (the follower's reads) leaves the dialog as it is when the read fails. */
  const load = useCallback(
    async (quiet = false) => {
      const read = ++lastRead.current;
      try {
        const members = await fetchMembers(api, projectId);
        if (read === lastRead.current) setView({ kind: 'ready', members });
      } catch (e) {
        if (quiet || read !== lastRead.current) return;
        if (isUnreachable(e)) setView({ kind: 'needs-server', reason: SHARE_NEEDS_SERVER_OFFLINE });
        else setError(shareErrorText(e));
      }
    },
    [api, projectId],
  );
  useEffect(() => {
    if (local) return;
    void load();
    // Others change the list too (a member leaves, from their editor or their dashboard): the api
    // pushes nothing to the owner, so the open dialog reads it again every few seconds, and at once
    // when a collaborator's editor comes or goes or the window comes back (share/follow-members.ts).
    const follower = followMembers({ load: () => load(true), clock: browserClock(), visible: () => document.visibilityState !== 'hidden' });
    const nudge = () => follower.nudge();
    const onVisible = () => document.visibilityState === 'visible' && nudge();
    let peers = peerIds(store.peers);
    const stopPeers = subscribe(store, () => {
      const next = peerIds(store.peers);
      if (next === peers) return;
      peers = next;
      nudge();
    });
    window.addEventListener('focus', nudge);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      follower.stop();
      stopPeers();
      window.removeEventListener('focus', nudge);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [load, local, store]);

  const close = () => (store.shareOpen = false);
  /** Runs one call with the controls waiting; the list is read again after it, whatever it answered. */
  const call = async (run: () => Promise<void>): Promise<boolean> => {
    setBusy(true);
    setError(null);
    try {
      await run();
      return true;
    } catch (e) {
      setError(shareErrorText(e));
      return false;
    } finally {
      await load();
      setBusy(false);
    }
  };

  const onAdd = (email: string, role: GrantedRole) => call(() => putMember(api, projectId, email, role));
  const onRole = (member: ProjectMember, role: GrantedRole) => void call(() => putMember(api, projectId, member.email ?? '', role));
  const onRemove = (member: ProjectMember) => void call(() => removeMember(api, projectId, member.userId));
  const onLeave = () => {
    const members = view.kind === 'ready' ? view.members : [];
    const mine = findMe(members, me);
    if (!mine) return;
    setBusy(true);
    setError(null);
    removeMember(api, projectId, mine.userId).then(
      () => {
        toast(`You left ${store.project?.metadata.name ?? 'the project'}`, 'info');
        close();
        void router.navigate({ to: '/dashboard' });
      },
      (e: unknown) => {
        setError(shareErrorText(e));
        setBusy(false);
      },
    );
  };

  return <ShareDialog view={view} me={me} error={error} busy={busy} onAdd={onAdd} onRole={onRole} onRemove={onRemove} onLeave={onLeave} onClose={close} />;
}
