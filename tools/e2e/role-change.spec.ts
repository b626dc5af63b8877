import type { Page } from '@playwright/test';
import { expect, test } from './testing/test.ts';
import { addLayerFromMenu, at, newProject, settledScreenshot, signUpFresh } from './testing/studio.ts';

// A member whose role changes while their editor is open sees it: demoted to viewer, the server
// closes their write socket ("role changed"), the reconnect's ticket is read-only and the editor
// turns view-only with a toast; promoted again, editing comes back and reaches the owner. Removed,
// the top bar keeps the server's reason. The editor has no members UI yet: the owner's page makes
// the one REST call for the role (with the owner's own bearer token).

const VIEW_ONLY_TOAST = 'Your role in this project changed: you can now view it only';
const EDIT_AGAIN_TOAST = 'You can edit this project again';
const REMOVED = 'Real-time collaboration stopped: you were removed from this project';

const rows = (page: Page) => page.locator('.layer-list > .layer-row');

/** Records the latest bearer token the page's own requests carry (the signed-in user's). */
function bearerOf(page: Page): () => string {
  let token = '';
  page.on('request', (request) => {
    const auth = request.headers()['authorization'];
    if (auth?.startsWith('Bearer ')) token = auth;
  });
  return () => {
    if (!token) throw new Error('the page has made no authenticated request yet');
    return token;
  };
}

/** Opens the Add menu and tells whether adding an image layer is enabled, then closes the menu. */
async function canAdd(page: Page): Promise<boolean> {
  await page.getByRole('button', { name: '+ Add' }).click();
  const enabled = await page.getByRole('menuitem', { name: 'Add image layer' }).isEnabled();
  await page.keyboard.press('Escape');
  return enabled;
}

test('a member demoted while editing turns view-only at once, and promoted edits again', async ({ browser }) => {
  test.setTimeout(300_000);
  const ownerContext = await browser.newContext();
  const memberContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  const member = await memberContext.newPage();
  const ownerToken = bearerOf(owner);

  await signUpFresh(owner, 'Role Owner');
  const projectId = await newProject(owner);
  await addLayerFromMenu(owner, 'Add image layer');
  await expect(rows(owner)).toHaveCount(1);
  const memberEmail = await signUpFresh(member, 'Role Member');

  const setMember = async (method: 'POST' | 'DELETE', data: Record<string, string>) => {
    const res = await owner.request.fetch(at('/api/projects/members'), { method, headers: { authorization: ownerToken() }, data: { projectId, ...data } });
    expect(res.ok(), `${method} /api/projects/members ${JSON.stringify(data)}: ${res.status()} ${await res.text()}`).toBe(true);
  };
  // The api knows a user from their first authenticated request (the dashboard's): wait for it.
  await expect(member.getByRole('heading', { name: 'Your projects' })).toBeVisible();
  await expect
    .poll(
      async () =>
        (
          await owner.request.post(at('/api/projects/members'), {
            headers: { authorization: ownerToken() },
            data: { projectId, email: memberEmail, role: 'editor' },
          })
        ).status(),
      { timeout: 30_000 },
    )
    .toBe(200);

  // The member's editor is open and live, and can edit.
  await member.goto(at(`/editor/${encodeURIComponent(projectId)}`));
  const memberLive = member.getByTestId('live-status');
  await expect(memberLive).toHaveText('Live', { timeout: 60_000 });
  await expect(rows(member)).toHaveCount(1, { timeout: 30_000 });
  expect(await canAdd(member)).toBe(true);

  // Demoted: view-only within a poll, told once.
  await setMember('POST', { email: memberEmail, role: 'viewer' });
  await expect(member.locator('.toast', { hasText: VIEW_ONLY_TOAST })).toBeVisible({ timeout: 30_000 });
  await expect(memberLive).toHaveText('Live · view only', { timeout: 30_000 });
  await expect.poll(() => canAdd(member), { timeout: 30_000 }).toBe(false);
  await settledScreenshot(member, 'role-change-view-only');

  // Promoted: editing comes back, and the member's edit reaches the owner's editor.
  await setMember('POST', { email: memberEmail, role: 'editor' });
  await expect(member.locator('.toast', { hasText: EDIT_AGAIN_TOAST })).toBeVisible({ timeout: 30_000 });
  await expect(memberLive).toHaveText('Live', { timeout: 30_000 });
  await expect.poll(() => canAdd(member), { timeout: 30_000 }).toBe(true);
  await addLayerFromMenu(member, 'Add image layer');
  await expect(rows(member)).toHaveCount(2);
  await expect(rows(owner)).toHaveCount(2, { timeout: 30_000 });
  await settledScreenshot(member, 'role-change-edit-again');

  // Removed: the refusal that follows the server's close keeps the server's reason.
  await setMember('DELETE', { email: memberEmail });
  await expect(memberLive).toHaveText(REMOVED, { timeout: 30_000 });
  // And it stays (the retry's refusal used to replace it with the generic text within ~100 ms).
  await member.waitForTimeout(1000);
  await expect(memberLive).toHaveText(REMOVED);
  await settledScreenshot(member, 'role-change-removed');

  await ownerContext.close();
  await memberContext.close();
});
