import type { ProjectJson } from '@beamstage/layers';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectTexts, projects, users } from '../db/schema/index';
import { textHash, type TextRef } from '../projects/long-texts';
import { readProject, updateProjectRow } from '../projects/project-repository';
import { sweepTextsWithoutProject, TEXT_PART_CHARS, textParts } from '../projects/project-texts';
import { makeUser, sampleProjectBody, type TestUser } from '../testing/project-fixtures';
import { createTestApp, type TestApp } from '../testing/test-app';

// Long strings (data URLs, code) live out of the project's row, in parts (projects/long-texts.ts):
// through the app, every way a project is written and read gives back exactly what was sent, a
// write that keeps a text writes none of it, and no text outlives what refers to it.
const dataUrl = (fill: string, parts: number) => `data:image/png;base64,${fill.repeat(TEXT_PART_CHARS * parts - 100)}`;

describe('long texts out of the project row', () => {
  let t: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await makeUser(t.app, 'long-texts-owner');
    // More projects than the free plan's three.
    await t.app.db.update(users).set({ planId: 'studio' }).where(eq(users.sub, 'long-texts-owner'));
  });
  afterAll(async () => t?.close());

  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: owner.headers, payload });
  const get = async (id: string) => (await t.app.inject({ url: `/api/projects/${id}`, headers: owner.headers })).json() as ProjectJson;
  const texts = (projectId: string) =>
    t.app.db
      .select({ hash: projectTexts.hash, part: projectTexts.part, touchedAt: sql<string>`${projectTexts.touchedAt}::text` })
      .from(projectTexts)
      .where(eq(projectTexts.projectId, projectId))
      .orderBy(projectTexts.hash, projectTexts.part);
  const byId = (project: ProjectJson, id: string) => project.layers.find((l) => l.id === id)!;
  const srcOf = (project: ProjectJson) => (byId(project, 'layer_a').content as { src: string }).src;
  const row = async (id: string) => (await t.app.db.select().from(projects).where(eq(projects.id, id)))[0]!;
  const withImage = (name: string, src: string, x = 10) => {
    const base = sampleProjectBody(name);
    return {
      ...base,
      layers: [
        { ...base.layers[0]!, x, content: { src } },
        { id: 'code', type: 'html', name: 'code', content: { html: '<b>é😀</b>'.repeat(5000) } },
      ],
    };
  };

  it('stores a project long strings apart, a part per statement, and reads back exactly what was sent', async () => {
    const src = dataUrl('A', 3);
    const body = withImage('Texts', src);
    const created = await post('/api/projects/create', body);
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    const stored = await row(id);
    // The row holds no long string: its JSON is small, and says where each one was.
    expect(JSON.stringify(stored.data).length).toBeLessThan(20_000);
    expect((stored.textRefs as TextRef[]).map(([path]) => path.join('/')).sort()).toEqual(['layers/0/content/html', 'layers/1/content/src']);
    expect((await texts(id)).filter((r) => r.hash === textHash(src)).map((r) => r.part)).toEqual([0, 1, 2]);
    const got = await get(id);
    expect(srcOf(got)).toBe(src);
    expect((byId(got, 'code').content as { html: string }).html).toBe(body.layers[1]!.content.html);
  });

  it('a write that keeps a text writes none of it; one that replaces it removes the old one', async () => {
    const first = dataUrl('B', 2);
    const id = (await post('/api/projects/create', withImage('Kept', first))).json().id as string;
    const before = await texts(id);
    expect((await post('/api/projects/update', { ...withImage('Kept', first, 99), id })).statusCode).toBe(200);
    expect(await texts(id)).toEqual(before);
    expect(byId(await get(id), 'layer_a').x).toBe(99);

    const second = dataUrl('C', 1);
    expect((await post('/api/projects/update', { ...withImage('Kept', second), id })).statusCode).toBe(200);
    const after = await texts(id);
    expect(after.some((r) => r.hash === textHash(first))).toBe(false);
    expect(after.filter((r) => r.hash === textHash(second))).toHaveLength(1);
    expect(srcOf(await get(id))).toBe(second);
  });

  it('copies, publishes and deletes with the texts', async () => {
    const src = dataUrl('D', 2);
    const id = (await post('/api/projects/create', withImage('Shared', src))).json().id as string;
    const copy = (await post('/api/projects/duplicate', { id })).json().id as string;
    expect(srcOf(await get(copy))).toBe(src);
    expect((await post('/api/projects/publish', { projectId: id, enableRealtime: false })).statusCode).toBe(200);
    const published = await t.app.inject({ url: `/api/projects/public?id=${id}` });
    expect(published.statusCode, published.body.slice(0, 200)).toBe(200);
    expect(srcOf(published.json() as ProjectJson)).toBe(src);
    expect((await post('/api/projects/delete', { id })).statusCode).toBe(200);
    expect(await texts(id)).toEqual([]);
    // The copy's texts are its own.
    expect((await texts(copy)).length).toBeGreaterThan(0);
  });

  it('a row that moved on refuses the write; what it stored is swept once no write reused it for an hour', async () => {
    const id = (await post('/api/projects/create', withImage('Raced', dataUrl('E', 1)))).json().id as string;
    const stale = (await readProject(t.app.db, id))!;
    const moved = await post('/api/projects/update', { ...withImage('Raced', dataUrl('E', 1), 5), id });
    expect(moved.statusCode, moved.body.slice(0, 300)).toBe(200);
    const lost = dataUrl('F', 1);
    const data = { ...stale.data, layers: stale.data.layers.map((l) => (l.id === 'layer_a' ? { ...l, content: { src: lost } } : l)) } as ProjectJson;
    const columns = { revision: stale.revision + 1, entityRevs: stale.entityRevs, name: 'Raced', description: '', updatedAt: new Date() };
    expect(await updateProjectRow(t.app.db, stale, data, columns)).toBe(false);
    expect((await texts(id)).some((r) => r.hash === textHash(lost))).toBe(true);
    // The next write keeps the leftover until it is an hour old, then sweeps it.
    const update = (x: number) => post('/api/projects/update', { ...withImage('Raced', dataUrl('E', 1), x), id });
    expect((await update(6)).statusCode).toBe(200);
    expect((await texts(id)).some((r) => r.hash === textHash(lost))).toBe(true);
    await t.app.db.execute(sql`update project_texts set touched_at = now() - interval '2 hours' where hash = ${textHash(lost)}`);
    expect((await update(7)).statusCode).toBe(200);
    expect((await texts(id)).some((r) => r.hash === textHash(lost))).toBe(false);
    expect(srcOf(await get(id))).toBe(dataUrl('E', 1));
  });

  it('sweeps texts of projects never created, only past the grace period', async () => {
    const put = (projectId: string, hash: string, age: string) =>
      t.app.db.execute(
        sql`insert into project_texts (project_id, hash, part, parts, body, touched_at) values (${projectId}, ${hash}, 0, 1, 'x', now() - ${age}::interval)`,
      );
    await put('prj_never', 'old', '2 hours');
    await put('prj_never', 'new', '1 minute');
    expect(await sweepTextsWithoutProject(t.app.db)).toBe(1);
    expect((await texts('prj_never')).map((r) => r.hash)).toEqual(['new']);
  });

  it('never cuts a surrogate pair between parts', () => {
    const text = `${'a'.repeat(TEXT_PART_CHARS - 1)}😀${'b'.repeat(10)}`;
    const parts = textParts(text);
    expect(parts.join('')).toBe(text);
    expect(parts[0]!.length).toBe(TEXT_PART_CHARS - 1);
    expect(textParts('')).toEqual(['']);
  });
});
