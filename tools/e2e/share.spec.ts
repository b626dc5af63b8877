import type { Page } from '@playwright/test';
import { expect, test } from './testing/test.ts';
import { addLayerFromMenu, at, newProject, settledScreenshot, signUpFresh } from './testing/studio.ts';

// Sharing a project through the UI only: the owner adds a colleague by e-mail in the Share dialog,
// the colleague finds it on their dashboard marked shared and edits it live; the owner makes them a
// viewer (their editor turns view-only at once) and removes them (they lose access).

const VIEW_ONLY_TOAST = 'Your role in this project changed: you can now view it only';
const REMOVED = 'Real-time collaboration stopped: you were removed from this project';

const shareDialog = (page: Page) => page.getByRole('dialog', { name: 'Share' });
const memberRows = (page: Page) => shareDialog(page).getByTestId('share-member');

test('the owner shares a project from the editor, changes the role and removes the member', async ({ browser }) => {
  test.setTimeout(180_000);
  const ownerContext = await browser.newContext();
  const memberContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  const member = await memberContext.newPage();

  // The member signs up first: the api knows a user from their first authenticated request (the dashboard's).
  const [, memberEmail] = await Promise.all([signUpFresh(owner, 'Share Owner'), signUpFresh(member, 'Share Member')]);
  await expect(member.getByRole('heading', { name: 'Your projects' })).toBeVisible();
  const projectId = await newProject(owner);
  await addLayerFromMenu(owner, 'Add image layer');

  // Share opens the dialog with focus inside; the owner is listed, marked as you.
  const shareButton = owner.getByRole('button', { name: 'Share', exact: true });
  await shareButton.click();
  await expect(shareDialog(owner)).toBeVisible();
  await expect(memberRows(owner)).toHaveCount(1);
  await expect(memberRows(owner).first()).toContainText('Share Owner (you)');
  const emailField = shareDialog(owner).getByLabel('E-mail address');
  await expect(emailField).toBeFocused();

  // An unknown e-mail: the api's answer, in the dialog.
  await emailField.fill(`nobody-${Date.now()}@example.test`);
  await emailField.press('Enter');
  await expect(shareDialog(owner).getByTestId('share-error')).toHaveText(/^User not found: No Beamstage user has this e-mail yet/);

  // The colleague as Editor (the default role), by keyboard.
  await emailField.fill(memberEmail);
  await emailField.press('Enter');
  await expect(memberRows(owner)).toHaveCount(2);
  await expect(shareDialog(owner).getByTestId('share-error')).toHaveCount(0);
  await expect(emailField).toHaveValue('');
  const roleSelect = shareDialog(owner).getByLabel('Role of Share Member');
  await expect(roleSelect).toHaveValue('editor');
  await settledScreenshot(owner, 'share-dialog-owner');
  // Tab stays inside the dialog (it wraps from the last control to the first).
  for (let i = 0; i < 8; i++) await owner.keyboard.press('Tab');
  await expect.poll(() => owner.evaluate(() => !!document.activeElement?.closest('[role=dialog]'))).toBe(true);
  // Escape closes it and focus goes back to the Share button.
  await owner.keyboard.press('Escape');
  await expect(shareDialog(owner)).toHaveCount(0);
  await expect(shareButton).toBeFocused();

  // The member's dashboard lists it, marked shared with their role.
  await member.reload();
  const card = member.locator(`[data-project-id="${projectId}"]`);
  await expect(card.getByTestId('project-badges')).toContainText('Shared with you');
  await expect(card.locator('.project-card__meta')).toHaveText(/ · Editor$/);
  await settledScreenshot(member, 'share-dashboard-member');
  await card.locator('.project-card__art').click();
  await member.waitForURL(/\/editor\//);
  const memberLive = member.getByTestId('live-status');
  await expect(memberLive).toHaveText('Live', { timeout: 60_000 });

  // The member renames the layer; the owner's editor shows it live.
  await member.locator('.layer-row__main').first().click();
  await member.getByLabel('Name', { exact: true }).fill('Member pillar');
  await member.getByLabel('Name', { exact: true }).press('Enter');
  await expect(owner.locator('.layer-row__name')).toHaveText('Member pillar', { timeout: 30_000 });

  // The member's Share dialog: read-only, marked as them, with Leave project.
  await member.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(memberRows(member)).toHaveCount(2);
  await expect(memberRows(member).nth(1)).toContainText('Share Member (you)');
  await expect(shareDialog(member).getByRole('combobox')).toHaveCount(0);
  await expect(shareDialog(member).getByRole('button', { name: 'Leave project' })).toBeVisible();
  await settledScreenshot(member, 'share-dialog-member');
  await member.keyboard.press('Escape');

  // The owner makes them a viewer: the member's editor turns view-only at once.
  await shareButton.click();
  await roleSelect.selectOption('viewer');
  await expect(roleSelect).toHaveValue('viewer');
  await expect(member.locator('.toast', { hasText: VIEW_ONLY_TOAST })).toBeVisible({ timeout: 30_000 });
  await expect(memberLive).toHaveText('Live · view only', { timeout: 30_000 });

  // Removed: the member's editor stops with the server's reason and the dashboard lists it no more.
  await shareDialog(owner).getByRole('button', { name: 'Remove Share Member' }).click();
  await expect(memberRows(owner)).toHaveCount(1);
  await expect(memberLive).toHaveText(REMOVED, { timeout: 30_000 });
  await member.goto(at('/dashboard'));
  await expect(member.getByRole('heading', { name: 'Your projects' })).toBeVisible();
  await expect(member.locator(`[data-project-id="${projectId}"]`)).toHaveCount(0);

  await ownerContext.close();
  await memberContext.close();
});
