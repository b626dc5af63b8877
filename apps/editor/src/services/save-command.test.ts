import { Repo } from '@automerge/automerge-repo';
import { toJson } from '@beamstage/layers';
import type { ProjectJson } from '@beamstage/layers';
import { buildProjectJson } from '@beamstage/layers/testing';
import * as sync from '@beamstage/sync';
import { createProjectDoc } from '@beamstage/sync';
import { createManualClock } from '@beamstage/timeline';
import { afterAll, describe, expect, it } from 'vitest';
import type { KeptChange } from '../api/client';
import { CHECKPOINT_TIMEOUT_MS, SERVER_UNCONFIRMED } from '../live/checkpoint';
import { createLiveSession } from '../live/live-session';
import { createEditorStore } from '../state/editor-store';
import { LOCAL_ONLY_STATUS, SAVE_FAILED_PREFIX, SAVED_LOCALLY_TOAST, saveNoteFor } from './local-save';
import type { LocalProjects, RemoteProjects } from './project-persistence';
import { createSaveCommand, PROJECT_SAVED_TOAST } from './save-command';

const PROJECT_ID = 'proj_1_0123456789abcdef01234567';
const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

function localCopies() {
  const copies = new Map<string, ProjectJson>();
  const revisions = new Map<string, number | null>();
  const local: LocalProjects = {
    get: async (id) => copies.get(id) ?? null,
    put: async (p) => void copies.set(p.metadata.id, clone(p)),
    getRevision: async (id) => revisions.get(id) ?? null,
    putRevision: async (id, r) => void revisions.set(id, r),
  };
  return { local, copies, revisions };
}

/**
 * The server's save rule for the project name, as apps/api's merge applies it to every field: a
 * field changed since the client's base revision keeps the server's value and says so in `kept`.
 */
function fakeServer(project: ProjectJson) {
  const state = { project: clone(project), revision: 1, nameRevision: 1, updates: 0, reads: 0 };
  const remote: RemoteProjects = {
    getProject: async () => {
      state.reads += 1;
      return { ...clone(state.project), revision: state.revision };
    },
    updateProject: async (body, base) => {
      state.updates += 1;
      const next = state.revision + 1;
      const kept: KeptChange[] = [];
      const name = body.metadata.name;
      if (name !== state.project.metadata.name) {
        if (base !== null && state.nameRevision > base) kept.push({ path: 'metadata.name', reason: 'newer' });
        else state.nameRevision = next;
      }
      state.project = { ...clone(body), metadata: { ...clone(body.metadata), name: kept.length > 0 ? state.project.metadata.name : name } };
      state.revision = next;
      return { modified: `2026-11-25T00:00:0${next}.000Z`, revision: next, kept };
    },
  };
  return { state, remote };
}

function setup(options: { live: boolean }) {
  const project = buildProjectJson(['image', 'image']);
  const store = createEditorStore();
  const clock = createManualClock();
  const session = createLiveSession({
    store,
    frames: { request: () => 0, cancel: () => undefined },
    clock,
    self: { userId: 'u1', name: 'Ada', color: '#22d3ee' },
  });
  session.firstPaint(clone(project));
  store.revision = 1;
  if (options.live) {
    // What use-live-session sets once the document is open and the socket connected.
    store.docReady = true;
    store.connection = { status: 'connected', slow: false, attempt: 0 };
    store.serverSaved = false;
  }
  const server = fakeServer(project);
  const { local, copies, revisions } = localCopies();
  const toasts: { text: string; tone: string }[] = [];
  const save = createSaveCommand({
    projectId: PROJECT_ID,
    store,
    live: session,
    remote: server.remote,
    local,
    clock,
    toast: (text, tone) => void toasts.push({ text, tone }),
  });
  return { store, clock, session, server, copies, revisions, toasts, save };
}

/** Lets pending promise callbacks run. */
const settle = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

describe('Save while the live document is open: a checkpoint (issue 19 item 1)', () => {
  it('sends nothing over REST, writes the local copy and says saved only once the server has stored it', async () => {
    const { store, server, copies, toasts, save } = setup({ live: true });
    const saving = save();
    await settle();
    expect(store.saving).toBe(true);
    expect(toasts).toEqual([]);
    expect(copies.get(PROJECT_ID)?.metadata.name).toBe(store.project!.metadata.name);
    // The server confirms heads it has stored (libs/sync's watchSaved -> store.serverSaved).
    store.serverSaved = true;
    await saving;
    expect(toasts).toEqual([{ text: PROJECT_SAVED_TOAST, tone: 'success' }]);
    expect(server.state.updates).toBe(0);
    expect(store.saving).toBe(false);
    expect(store.lastSaved).not.toBeNull();
    expect(store.saveNote).toBeNull();
  });

  it('answers at once when everything is already stored', async () => {
    const { store, server, toasts, save } = setup({ live: true });
    store.serverSaved = true;
    await save();
    expect(toasts).toEqual([{ text: PROJECT_SAVED_TOAST, tone: 'success' }]);
    expect(server.state.updates).toBe(0);
  });

  it('never says saved when the confirmation does not come: the time-out is a failure with its reason', async () => {
    const { store, clock, server, toasts, save } = setup({ live: true });
    const saving = save();
    await settle();
    clock.advance(CHECKPOINT_TIMEOUT_MS - 1);
    await settle();
    expect(toasts).toEqual([]);
    clock.advance(1);
    await saving;
    expect(toasts).toEqual([{ text: SERVER_UNCONFIRMED, tone: 'error' }]);
    expect(store.saveNote).toBe(`${SAVE_FAILED_PREFIX}${SERVER_UNCONFIRMED}`);
    expect(server.state.updates).toBe(0);
    // The note stays until the server has stored the work, then the usual line comes back.
    expect(saveNoteFor({ note: store.saveNote, liveOffline: false, serverSaved: false })).toBe(store.saveNote);
    expect(saveNoteFor({ note: store.saveNote, liveOffline: false, serverSaved: true })).toBeNull();
  });

  it('with the connection down the work is kept in this browser, and says so (not "saved")', async () => {
    const { store, server, copies, toasts, save } = setup({ live: true });
    store.connection = { status: 'connecting', slow: false, attempt: 3 };
    await save();
    expect(toasts).toEqual([{ text: SAVED_LOCALLY_TOAST, tone: 'info' }]);
    expect(store.saveNote).toBe(LOCAL_ONLY_STATUS);
    expect(copies.has(PROJECT_ID)).toBe(true);
    expect(server.state.updates).toBe(0);
  });

  it('a connection that drops during the wait ends it as kept locally', async () => {
    const { store, toasts, save } = setup({ live: true });
    const saving = save();
    await settle();
    store.connection = { status: 'disconnected', slow: false, attempt: 1 };
    await saving;
    expect(toasts).toEqual([{ text: SAVED_LOCALLY_TOAST, tone: 'info' }]);
  });

  it('real-time turned off during the wait: the project goes over REST instead', async () => {
    const { store, server, toasts, save } = setup({ live: true });
    const saving = save();
    await settle();
    store.liveUnavailable = 'Real-time collaboration is not available for this project';
    await saving;
    expect(server.state.updates).toBe(1);
    expect(toasts).toEqual([{ text: PROJECT_SAVED_TOAST, tone: 'success' }]);
  });
});

describe('Save with no live document: REST', () => {
  it('sends the project as a change from the revision it has', async () => {
    const { store, session, server, toasts, save } = setup({ live: false });
    session.edit({ kind: 'set-opacity', id: 'L0', opacity: 0.4 });
    await save();
    expect(server.state.updates).toBe(1);
    expect(server.state.project.layers[0]!.opacity).toBe(0.4);
    expect(store.revision).toBe(2);
    expect(store.dirty).toBe(false);
    expect(toasts).toEqual([{ text: PROJECT_SAVED_TOAST, tone: 'success' }]);
  });

  it('adopts the values the server kept, so the next save cannot write over them', async () => {
    const { store, session, server, copies, revisions, toasts, save } = setup({ live: false });
    fakeServerRename(server, 'Theirs');
    session.edit({ kind: 'rename-project', name: 'Mine' });
    await save();
    expect(server.state.project.metadata.name).toBe('Theirs');
    expect(toasts[0]?.tone).toBe('error');
    expect(toasts[0]?.text).toMatch(/the project name .* did not apply/);
    // The editor shows the server's name and holds the server's revision for it.
    expect(store.project!.metadata.name).toBe('Theirs');
    expect(store.revision).toBe(server.state.revision);
    expect(copies.get(PROJECT_ID)?.metadata.name).toBe('Theirs');
    expect(revisions.get(PROJECT_ID)).toBe(server.state.revision);

    // An unrelated edit and a second save: the kept name stays on the server.
    session.edit({ kind: 'set-opacity', id: 'L1', opacity: 0.7 });
    await save();
    expect(server.state.project.layers[1]!.opacity).toBe(0.7);
    expect(server.state.project.metadata.name).toBe('Theirs');
    expect(toasts[1]).toEqual({ text: PROJECT_SAVED_TOAST, tone: 'success' });
  });

  it('keeps edits made while the save was on its way (and leaves them unsaved)', async () => {
    const { store, session, server, save } = setup({ live: false });
    fakeServerRename(server, 'Theirs');
    session.edit({ kind: 'rename-project', name: 'Mine' });
    const saving = save();
    session.edit({ kind: 'set-opacity', id: 'L0', opacity: 0.2 });
    await saving;
    expect(store.project!.metadata.name).toBe('Theirs');
    expect(store.project!.layers[0]!.opacity).toBe(0.2);
    expect(store.dirty).toBe(true);
  });

  it('edits a REST save carried leave the queue for the live document: a kept one is not replayed on it', async () => {
    const repo = new Repo();
    afterAll(() => repo.shutdown());
    const { store, session, server, save } = setup({ live: false });
    fakeServerRename(server, 'Theirs');
    session.edit({ kind: 'rename-project', name: 'Mine' });
    await save();
    session.edit({ kind: 'set-opacity', id: 'L0', opacity: 0.6 });
    expect(session.queued()).toBe(1);
    // The live document opens later (the connection came back): the server's, with the later edit run on it.
    const handle = createProjectDoc(repo, server.state.project);
    session.attach(handle, sync);
    const doc = toJson(handle.doc());
    expect(doc.metadata.name).toBe('Theirs');
    expect(doc.layers[0]!.opacity).toBe(0.6);
    expect(store.dirty).toBe(false);
  });

  it('when the server copy cannot be read, the revision stays the old one (the next save keeps their value again)', async () => {
    const { store, server, session, save } = setup({ live: false });
    fakeServerRename(server, 'Theirs');
    server.remote.getProject = async () => {
      throw new TypeError('Failed to fetch');
    };
    session.edit({ kind: 'rename-project', name: 'Mine' });
    await save();
    expect(store.revision).toBe(1);
    await save();
    expect(server.state.project.metadata.name).toBe('Theirs');
  });
});

/** Another editor renames the project on the server. */
function fakeServerRename(server: ReturnType<typeof fakeServer>, name: string) {
  server.state.revision += 1;
  server.state.nameRevision = server.state.revision;
  server.state.project = { ...server.state.project, metadata: { ...server.state.project.metadata, name } };
}
