import type { Page } from '@playwright/test';
import { expect, test } from './testing/test.ts';
import { addLayerFromMenu, newProject, settledScreenshot, signUpFresh } from './testing/studio.ts';

// What a member meets through the UI only, with the owner beside them: a viewer's dashboard card
// offers Leave (not Rename or Delete) and their inspector's canvas settings are read-only; an editor's
// card offers Rename; removed while their editor is open, they are told once that they no longer
// have access (no "Unsaved changes", no Retry) and go back to the dashboard; added again and leaving
// from the dashboard, the owner's open Share dialog follows without any action of the owner.

const NO_ACCESS = 'You no longer have access to this project';

const shareDialog = (page: Page) => page.getByRole('dialog', { name: 'Share' });
const memberRows = (page: Page) => shareDialog(page).getByTestId('share-member');
const cardOf = (page: Page, projectId: string) => page.locator(`[data-project-id="${projectId}"]`);

test('a member sees what their role allows, is told once when removed, and the owner sees them leave', async ({ browser }) => {
  test.setTimeout(180_000);
  const ownerContext = await browser.newContext();
  const memberContext = await browser.newContext();
  // Counts the owner's window focus events: the dialog used to read the list again only on those.
  await ownerContext.addInitScript(() => {
    const w = window as unknown as { ownerFocusEvents: number };
    w.ownerFocusEvents = 0;
    window.addEventListener('focus', () => void (w.ownerFocusEvents += 1));
  });
  const owner = await ownerContext.newPage();
  const member = await memberContext.newPage();

  const [, memberEmail] = await Promise.all([signUpFresh(owner, 'Sharing Owner'), signUpFresh(member, 'Shared Member')]);
  await expect(member.getByRole('heading', { name: 'Your projects' })).toBeVisible();
  const projectId = await newProject(owner);
  await addLayerFromMenu(owner, 'Add image layer');

  // The owner adds the member as a viewer. (The dialog is closed while the member's editor loads:
  // twice, with it left open over the owner's live stage on a loaded machine, the member's page drew
  // a frame every ~3.5 s and had not asked for its sync ticket after 60 s.)
  const shareButton = owner.getByRole('button', { name: 'Share', exact: true });
  await shareButton.click();
  const emailField = shareDialog(owner).getByLabel('E-mail address');
  await shareDialog(owner).getByLabel('Role for the new member').selectOption('viewer');
  await emailField.fill(memberEmail);
  await emailField.press('Enter');
  await expect(memberRows(owner)).toHaveCount(2);
  await owner.keyboard.press('Escape');

  // A viewer's card: Duplicate and Leave, never Rename or Delete (the api refuses both).
  await member.reload();
  const card = cardOf(member, projectId);
  await expect(card.locator('.project-card__meta')).toHaveText(/ · Viewer$/);
  await expect(card.getByRole('button', { name: 'Leave' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Duplicate' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Rename' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await settledScreenshot(member, 'member-dashboard-viewer');

  // A viewer's inspector: the canvas settings are read-only like the rest of it, and say so.
  await card.locator('.project-card__art').click();
  await member.waitForURL(/\/editor\//);
  const memberLive = member.getByTestId('live-status');
  await expect(memberLive).toHaveText('Live · view only', { timeout: 60_000 });
  const canvas = member.getByTestId('inspector-canvas');
  await expect(member.getByTestId('inspector-view-only')).toBeVisible();
  for (const field of ['Canvas width', 'Canvas height', 'Background colour', 'Blend mode']) await expect(canvas.getByLabel(field), field).toBeDisabled();
  await settledScreenshot(member, 'member-inspector-viewer');

  // Made an editor, the member edits live; then the owner removes them while their editor is open.
  await shareButton.click();
  await shareDialog(owner).getByLabel('Role of Shared Member').selectOption('editor');
  await expect(shareDialog(owner).getByLabel('Role of Shared Member')).toHaveValue('editor');
  await owner.keyboard.press('Escape');
  await expect(memberLive).toHaveText('Live', { timeout: 30_000 });
  await expect(member.getByTestId('inspector-view-only')).toHaveCount(0);
  await member.locator('.layer-row__main').first().click();
  await member.getByLabel('Name', { exact: true }).fill('Member pillar');
  await expect(owner.locator('.layer-row__name')).toHaveText('Member pillar', { timeout: 30_000 });
  await shareButton.click();
  await shareDialog(owner).getByRole('button', { name: 'Remove Shared Member' }).click();
  await expect(memberRows(owner)).toHaveCount(1);

  // Told once that they no longer have access; no "Unsaved changes", no Retry, no Save to press.
  const notice = member.getByRole('alertdialog', { name: NO_ACCESS });
  await expect(notice).toBeVisible({ timeout: 30_000 });
  await expect(member.getByTestId('save-status')).not.toHaveText('Unsaved changes');
  await expect(member.getByRole('button', { name: 'Retry', exact: true })).toHaveCount(0);
  await expect(member.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
  // And it stays that way: nothing retries behind it, and the notice is not repeated.
  await member.waitForTimeout(1500);
  await expect(member.getByRole('alertdialog')).toHaveCount(1);
  await expect(member.getByRole('button', { name: 'Retry', exact: true })).toHaveCount(0);
  await settledScreenshot(member, 'member-access-lost');
  await notice.getByRole('link', { name: 'Back to your projects' }).click();
  await member.waitForURL((url) => url.pathname === '/dashboard');
  await expect(cardOf(member, projectId)).toHaveCount(0);

  // Added again, as an editor: their card offers Rename and Leave, still no Delete.
  await shareDialog(owner).getByLabel('Role for the new member').selectOption('editor');
  await emailField.fill(memberEmail);
  await emailField.press('Enter');
  await expect(memberRows(owner)).toHaveCount(2);
  await member.reload();
  await expect(card.locator('.project-card__meta')).toHaveText(/ · Editor$/);
  await expect(card.getByRole('button', { name: 'Rename' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Delete' })).toHaveCount(0);

  // They leave from the dashboard: the owner's open Share dialog follows with no action of the owner's.
  const focusEvents = () => owner.evaluate(() => (window as unknown as { ownerFocusEvents: number }).ownerFocusEvents);
  const focusedBefore = await focusEvents();
  member.once('dialog', (dialog) => void dialog.accept());
  await card.getByRole('button', { name: 'Leave' }).click();
  await expect(member.locator('.toast', { hasText: 'You left Untitled Project' })).toBeVisible();
  await expect(cardOf(member, projectId)).toHaveCount(0);
  await expect(memberRows(owner)).toHaveCount(1, { timeout: 20_000 });
  expect(await focusEvents(), 'the owner window got no focus event meanwhile').toBe(focusedBefore);
  await settledScreenshot(owner, 'member-share-after-leave');

  await ownerContext.close();
  await memberContext.close();
});
