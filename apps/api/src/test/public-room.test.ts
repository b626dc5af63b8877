import type { AddressInfo } from 'node:net';
import { createLayer, type LayerId, type ProjectDoc } from '@beamstage/layers';
import { framesText } from '@beamstage/sync/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLiveClient, until, type LiveClient } from '../testing/live-client';
import { makeUser, sampleProjectBody, type TestUser } from '../testing/project-fixtures';
import { createTestApp, type TestApp } from '../testing/test-app';

// design.md section 4, rule 11: an anonymous live projector gets the published state, stripped
// like the public route, and none of the private document's history. Every byte its socket
// receives is recorded and searched for strings that exist only in that history.
const DRAFT_NAME = 'DRAFT-NAME-7f3a';
const DRAFT_HTML = 'DRAFT-HTML-c41e';
const DRAFT_DEBUG = 'DRAFT-DEBUG-9b2d';
const DRAFTS = [DRAFT_NAME, DRAFT_HTML, DRAFT_DEBUG];

describe('public live rooms', () => {
  let t: TestApp;
  let owner: TestUser;
  let port: number;
  const clients: LiveClient[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    owner = await makeUser(t.app, 'public-owner');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    for (const c of clients) await c.close();
    await t?.close();
  });

  /**
   * Every frame a socket received, and which draft strings are in them: searched in the raw bytes
   * and in every decoded message and change (Automerge deflates long columns, so a string in a
   * change may not appear in the raw bytes).
   */
  const recorder = () => {
    const frames: Buffer[] = [];
    return {
      onBytes: (b: Buffer) => frames.push(b),
      all: () => Buffer.concat(frames),
      found: () => {
        const text = framesText(frames);
        return DRAFTS.filter((d) => text.includes(d));
      },
    };
  };

  it('an anonymous projector receives no draft from the private history, and still follows live edits', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/projects/create', headers: owner.headers, payload: sampleProjectBody('Public later') });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;

    // Private history, as live edits make it: an old name, a layer with HTML that is then deleted,
    // debug settings that are then removed.
    const doc = await t.app.sync.projectDoc(id);
    doc.change((d: ProjectDoc) => {
      d.metadata.name = DRAFT_NAME;
      const html = createLayer('html', { id: 'draft_html' as LayerId });
      (html.content as { html: string }).html = `<p>${DRAFT_HTML}</p>`;
      d.layers['draft_html'] = { ...html, order: 'zz' } as never;
      d.metadata.debugSettings = { token: DRAFT_DEBUG };
    });
    doc.change((d: ProjectDoc) => {
      d.metadata.name = 'Opening night';
      delete d.layers['draft_html'];
      delete d.metadata.debugSettings;
    });
    await t.app.sync.flushRows();

    // The owner's own live client gets the private document: the drafts are in its bytes, so the
    // search below can find them when they are there.
    const ownerBytes = recorder();
    const ownerClient = await openLiveClient(t.app, port, id, owner.headers, ownerBytes.onBytes);
    clients.push(ownerClient);
    await until(() => ownerClient.handle.doc()?.metadata.name === 'Opening night', 'the owner client synced');
    expect(ownerBytes.found().sort()).toEqual([...DRAFTS].sort());

    const published = await t.app.inject({
      method: 'POST',
      url: '/api/projects/publish',
      headers: owner.headers,
      payload: { projectId: id, enableRealtime: true },
    });
    expect(published.statusCode).toBe(200);

    const anonBytes = recorder();
    const anon = await openLiveClient(t.app, port, id, {}, anonBytes.onBytes);
    clients.push(anon);
    await until(() => anon.handle.doc()?.metadata.name === 'Opening night', 'the anonymous projector has the published state');
    expect(Object.keys(anon.handle.doc().layers).sort()).toEqual(['layer_a', 'layer_b']);
    expect(anon.handle.documentId).not.toBe(ownerClient.handle.documentId);

    // Live edits still reach it: a layer moved and renamed by the owner's client.
    ownerClient.handle.change((d) => {
      d.layers['layer_a']!.x = 432;
      d.layers['layer_a']!.name = 'Moved live';
    });
    await until(
      () => anon.handle.doc().layers['layer_a']?.x === 432 && anon.handle.doc().layers['layer_a']?.name === 'Moved live',
      'the live edit at the anonymous projector',
    );
    // And a REST rename.
    const current = (await t.app.inject({ url: `/api/projects/${id}`, headers: owner.headers })).json();
    const renamed = await t.app.inject({
      method: 'POST',
      url: '/api/projects/update',
      headers: owner.headers,
      payload: { ...current, name: 'Opening night, act 2' },
    });
    expect(renamed.statusCode).toBe(200);
    await until(() => String(anon.handle.doc().metadata.name) === 'Opening night, act 2', 'the REST rename at the anonymous projector');

    const received = anonBytes.all().length;
    const leaked = anonBytes.found();
    console.log(`public room: anonymous socket received ${received} bytes; drafts found: ${leaked.length ? leaked.join(', ') : 'none'}`);
    expect(received).toBeGreaterThan(0);
    expect(leaked).toEqual([]);
    expect(anon.handle.doc().metadata.debugSettings).toBeUndefined();
  });

  it('a signed-in non-member gets the public room too; unpublishing closes it', async () => {
    const stranger = await makeUser(t.app, 'public-stranger');
    const created = await t.app.inject({ method: 'POST', url: '/api/projects/create', headers: owner.headers, payload: sampleProjectBody('Second') });
    const id = created.json().id as string;
    await t.app.inject({ method: 'POST', url: '/api/projects/publish', headers: owner.headers, payload: { projectId: id, enableRealtime: true } });
    const ticket = await t.app.inject({ method: 'POST', url: '/api/sync/ticket', headers: stranger.headers, payload: { projectId: id } });
    const own = await t.app.inject({ method: 'POST', url: '/api/sync/ticket', headers: owner.headers, payload: { projectId: id } });
    expect(ticket.json().mode).toBe('read-only');
    expect(ticket.json().documentId).not.toBe(own.json().documentId);
    const c = await openLiveClient(t.app, port, id, stranger.headers);
    clients.push(c);
    await until(() => c.handle.doc()?.metadata.name === 'Second', 'the stranger synced');
    await t.app.inject({ method: 'POST', url: '/api/projects/unpublish', headers: owner.headers, payload: { projectId: id } });
    await until(() => c.closes.length > 0, 'the stranger socket closed', 2000);
  });
});
