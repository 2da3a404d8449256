import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PROJECT_TEXTS } from '@common/api/projects';
import { PROJECT_ROLE_DESCRIPTIONS } from '@common/projectRoles';
import { gradientPng } from './fixtures';
import { newPage, shot, useAppAndBrowser } from './harness';
import {
  closeSnackbars,
  expectSnackbar,
  lastMailId,
  makeUser,
  signUpInSession,
  signUpViaApi,
  waitForMail,
} from './journeys';
import {
  createFolder,
  createProject,
  fileDrag,
  projectInvitationLink,
  trialWorkspace,
} from './projectJourneys';

const env = useAppAndBrowser();

/** A signed-up owner with a trial workspace and one project, on that project's page. */
async function ownerOnProject(name = 'Spring Campaign', extra: Record<string, unknown> = {}) {
  const { context, page } = await newPage(env.browser, env.app);
  const user = makeUser({ name: 'Olga Owner' });
  await signUpInSession(page, user);
  const workspace = await trialWorkspace(page);
  const project = await createProject(page, workspace.id, { name, client_name: 'Acme Studio', ...extra });
  await page.goto(`/projects/${project.id}`);
  await page.getByTestId('project-title').getByText(name).waitFor();
  return { context, page, user, workspace, project };
}

const folderCard = (page: Page, name: string) => page.getByTestId('folder-card').filter({ hasText: name });
const trail = (page: Page) => page.getByRole('navigation', { name: 'Breadcrumbs' });

async function newFolderInUi(page: Page, name: string) {
  await page.getByRole('button', { name: 'New Folder' }).first().click();
  const modal = page.getByRole('dialog', { name: 'New Folder' });
  await modal.getByLabel('Folder name').fill(name);
  await modal.getByRole('button', { name: 'Create Folder' }).click();
  await expectSnackbar(page, PROJECT_TEXTS.folderCreated);
  await folderCard(page, name).waitFor();
  await modal.waitFor({ state: 'hidden' });
}

describe('project page', () => {
  it('creates, renames, opens and deletes folders; grid and list; drop zone; not found', async () => {
    const { context, page, project } = await ownerOnProject();

    // An empty project says so and offers the first folder.
    await page.getByTestId('project-empty').getByText('This project is empty').waitFor();
    expect(await trail(page).locator('[aria-current=page]').innerText()).toBe('Spring Campaign');
    await shot(page, 'project-empty');

    await page.getByTestId('project-empty').getByRole('button', { name: 'New Folder' }).click();
    const modal = page.getByRole('dialog', { name: 'New Folder' });
    await modal.getByRole('button', { name: 'Create Folder' }).click();
    await modal.getByText('Folder name must not be empty.').waitFor();
    await modal.getByLabel('Folder name').fill('Retouched selects');
    await shot(page, 'new-folder-modal');
    await modal.getByRole('button', { name: 'Create Folder' }).click();
    await expectSnackbar(page, PROJECT_TEXTS.folderCreated);
    await folderCard(page, 'Retouched selects').getByText('0 items').waitFor();
    await closeSnackbars(page);

    // A name the project already has is refused under the field.
    await page.getByRole('button', { name: 'New Folder' }).click();
    await modal.getByLabel('Folder name').fill('retouched selects');
    await modal.getByRole('button', { name: 'Create Folder' }).click();
    await modal.locator('.mantine-InputWrapper-error').waitFor();
    await modal.getByRole('button', { name: 'Cancel' }).click();

    await newFolderInUi(page, 'Raw captures');
    await newFolderInUi(page, 'Client feedback');
    await closeSnackbars(page);
    await shot(page, 'project-page-grid');

    // Rename from the card's menu.
    await folderCard(page, 'Raw captures').getByRole('button', { name: 'Actions for Raw captures' }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename Folder' });
    await rename.getByLabel('Folder name').fill('Raw captures (day 1)');
    await rename.getByRole('button', { name: 'Save' }).click();
    await expectSnackbar(page, PROJECT_TEXTS.folderRenamed);
    await folderCard(page, 'Raw captures (day 1)').waitFor();
    await closeSnackbars(page);

    // The list view keeps ?mode=list.
    await page.locator('label', { hasText: 'List view' }).click();
    await page.waitForURL(`**/projects/${project.id}?mode=list`);
    await page.getByTestId('folder-row').first().waitFor();
    expect(await page.getByTestId('folder-row').count()).toBe(3);
    await shot(page, 'project-page-list');
    await page.locator('label', { hasText: 'Grid view' }).click();

    // A folder page: breadcrumbs project > folder, the project crumb leads back.
    await folderCard(page, 'Retouched selects').getByTestId('folder-name').click();
    await page.waitForURL(/\/folders\/\d+$/);
    await page.getByTestId('folder-empty').waitFor();
    await trail(page).locator('[aria-current=page]', { hasText: 'Retouched selects' }).waitFor();
    await page.getByTestId('project-title').getByText('Retouched selects').waitFor();
    await shot(page, 'folder-page');
    await trail(page).getByRole('button', { name: 'Spring Campaign' }).click();
    await page.waitForURL(`**/projects/${project.id}`);

    // Files dragged over the page show the drop zone.
    const transfer = await fileDrag(page);
    await page.dispatchEvent('main', 'dragenter', { dataTransfer: transfer });
    await page.getByTestId('drop-overlay').getByText(PROJECT_TEXTS.dropOverlay).waitFor();
    await shot(page, 'project-drop-overlay');
    await page.dispatchEvent('main', 'drop', { dataTransfer: transfer });
    await page.getByTestId('drop-overlay').waitFor({ state: 'detached' });

    // Select two folders and delete them, with the checkbox confirmation.
    await folderCard(page, 'Raw captures (day 1)').hover();
    await page.getByRole('checkbox', { name: 'Select Raw captures (day 1)' }).check();
    await page.getByRole('checkbox', { name: 'Select Client feedback' }).check();
    await page.getByTestId('folder-selection').getByText('2 folders selected').waitFor();
    await page.getByTestId('folder-selection').getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Folders' });
    const deleteButton = confirm.getByRole('button', { name: 'Delete' });
    expect(await deleteButton.isDisabled()).toBe(true);
    await confirm.getByRole('checkbox').check();
    await deleteButton.click();
    await expectSnackbar(page, PROJECT_TEXTS.foldersDeleted);
    await expect.poll(() => page.getByTestId('folder-card').count()).toBe(1);
    await closeSnackbars(page);

    // Delete the last one from its own page: back to the project, empty again.
    await folderCard(page, 'Retouched selects').getByTestId('folder-name').click();
    await page.getByRole('button', { name: 'Actions for Retouched selects' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const single = page.getByRole('dialog', { name: 'Delete Folder' });
    await single.getByRole('checkbox').check();
    await single.getByRole('button', { name: 'Delete' }).click();
    await expectSnackbar(page, PROJECT_TEXTS.folderDeleted);
    await page.waitForURL(`**/projects/${project.id}`);
    await page.getByTestId('project-empty').waitFor();

    // A project the user cannot see, and a folder that is gone.
    await page.goto('/projects/999999');
    await page.getByTestId('project-not-found').getByText('Project not found').waitFor();
    await shot(page, 'project-not-found');
    await page.getByRole('link', { name: 'Go to projects' }).click();
    await page.waitForURL('**/projects');
    await page.goto(`/projects/${project.id}/folders/999999`);
    await page.getByTestId('folder-not-found').waitFor();
    await context.close();
  });

  it('edits project settings: details, dates, name, cover; a suspended workspace refuses a new name', async () => {
    const { page, workspace } = await ownerOnProject('Autumn Lookbook');
    // The rush flag beside the name.
    await page.getByRole('button', { name: 'Flag as rush priority' }).click();
    await expectSnackbar(page, PROJECT_TEXTS.priorityAdded);
    await page.getByRole('button', { name: 'Remove rush priority flag' }).waitFor();
    await closeSnackbars(page);

    await page.getByRole('button', { name: 'Settings' }).click();
    const modal = page.getByRole('dialog', { name: 'Project Settings' });
    const save = modal.getByRole('button', { name: 'Save Changes' });
    expect(await save.isDisabled()).toBe(true);

    await modal.getByLabel('Primary contact').fill('Ana Díaz');
    await modal
      .getByLabel('Description')
      .fill('Thirty looks for the autumn catalogue, retouched in two rounds.');
    await modal.getByLabel('Start date').fill('2099-03-10');
    await modal.getByLabel('Due date').fill('2099-03-01');
    await modal.getByText('Due date cannot be before the start date.').waitFor();
    await modal.getByLabel('Due date').fill('2099-04-15');
    await modal.getByTestId('cover-input').setInputFiles({
      name: 'cover.png',
      mimeType: 'image/png',
      buffer: gradientPng(320),
    });
    await expectSnackbar(page, 'The project cover was updated.');
    await modal.getByTestId('cover-preview').locator('img').waitFor();
    await closeSnackbars(page);
    await shot(page, 'project-settings');
    await save.click();
    await expectSnackbar(page, PROJECT_TEXTS.updated);
    await modal.waitFor({ state: 'hidden' });
    await page.getByTestId('project-due-date').getByText('04/15/99', { exact: true }).waitFor();
    await closeSnackbars(page);

    // A new name alone goes by PUT and says so.
    await page.getByRole('button', { name: 'Settings' }).click();
    expect(await modal.getByLabel('Primary contact').inputValue()).toBe('Ana Díaz');
    await modal.getByLabel('Project name').fill('Autumn Lookbook 2099');
    await modal.getByRole('button', { name: 'Save Changes' }).click();
    await expectSnackbar(page, PROJECT_TEXTS.nameUpdated);
    await page.getByTestId('project-title').getByText('Autumn Lookbook 2099').waitFor();
    await closeSnackbars(page);

    // A suspended workspace: the name cannot change.
    await env.app.ctx.db
      .updateTable('subscriptions')
      .set({ active: 0 })
      .where('workspace_id', '=', workspace.id)
      .execute();
    await page.reload();
    // The workspace's own notice comes first.
    await page.getByRole('dialog').getByRole('button', { name: 'Not now' }).click();
    await page.getByRole('button', { name: 'Settings' }).click();
    await modal.getByLabel('Project name').fill('Winter Lookbook');
    await modal.getByRole('button', { name: 'Save Changes' }).click();
    await expectSnackbar(page, PROJECT_TEXTS.suspendedNameEdit);
  });

  it('invites with chips; a new user signs up from the e-mail and an existing one accepts; members are removed', async () => {
    const { context, page, project } = await ownerOnProject('Brand Refresh');
    const newcomer = makeUser({ name: 'Nora Newcomer' });
    const regular = makeUser({ name: 'Rita Regular' });
    await signUpViaApi(env.app, regular);

    await page.getByRole('button', { name: 'Invite', exact: true }).click();
    const modal = page.getByRole('dialog', { name: 'Invite to Project' });
    const send = modal.getByRole('button', { name: 'Send Invitations' });
    const emails = modal.getByRole('textbox', { name: 'Email addresses' });
    expect(await emails.getAttribute('placeholder')).toBe('Email, space or tab separated');
    expect(await send.isDisabled()).toBe(true);
    const role = modal
      .getByRole('textbox', { name: 'Role' })
      .or(modal.getByRole('combobox', { name: 'Role' }));
    expect(await role.inputValue()).toBe('View Only');
    await emails.fill('not-an-email');
    await emails.press(' ');
    await emails.fill(newcomer.email);
    await emails.press('Enter');
    await modal.getByTestId('email-chip-invalid').waitFor();
    await modal.getByTestId('email-chip').waitFor();
    expect(await send.isDisabled()).toBe(true);
    await modal.getByLabel('Message (optional)').fill('Welcome aboard: first round is up on Monday.');
    await shot(page, 'invite-modal');

    await modal.getByRole('button', { name: 'Remove not-an-email' }).click();
    await role.click();
    await page.getByRole('option', { name: 'Collaborator' }).click();
    // The dialog describes the role in the very words the invitation e-mail uses.
    await modal.getByText(PROJECT_ROLE_DESCRIPTIONS.collaborator).waitFor();
    await shot(page, 'invite-modal-collaborator');
    let after = await lastMailId(env.app);
    await send.click();
    await expectSnackbar(page, PROJECT_TEXTS.invitationsSentTitle);
    await expectSnackbar(page, PROJECT_TEXTS.invitationsSentBody);
    await modal.getByTestId(`project-invite-${newcomer.email}`).getByText('Collaborator').waitFor();
    const newcomerLink = await projectInvitationLink(env.app, newcomer.email, after);
    const newcomerMail = await waitForMail(env.app, newcomer.email, /invited you to the project/, after);
    expect(newcomerMail.text).toContain(PROJECT_ROLE_DESCRIPTIONS.collaborator);
    expect(newcomerLink).toContain(`em=${encodeURIComponent(newcomer.email)}`);

    after = await lastMailId(env.app);
    await emails.fill(regular.email);
    await emails.press('Tab');
    await role.click();
    await page.getByRole('option', { name: 'View Only' }).click();
    await send.click();
    await modal.getByTestId(`project-invite-${regular.email}`).getByText('View Only').waitFor();
    const regularLink = await projectInvitationLink(env.app, regular.email, after);
    await closeSnackbars(page);

    // The newcomer signs up from the e-mail and lands in the project.
    const invitee = await newPage(env.browser, env.app);
    await invitee.page.goto(newcomerLink);
    const summary = invitee.page.getByTestId('invitation-summary');
    await summary.getByText('Brand Refresh').waitFor();
    await summary.getByText('Invited by').waitFor();
    await summary.getByText('Collaborator').waitFor();
    await shot(invitee.page, 'project-invitation');
    await invitee.page.getByRole('link', { name: 'Sign up', exact: true }).click();
    await invitee.page.waitForURL('**/signup?**');
    expect(new URL(invitee.page.url()).searchParams.get('type')).toBe('project');
    await invitee.page.getByLabel('Name').fill(newcomer.name);
    await invitee.page.getByRole('textbox', { name: 'Password', exact: true }).fill(newcomer.password);
    await invitee.page.getByRole('button', { name: 'Create account' }).click();
    await invitee.page.waitForURL(`**/projects/${project.id}`);
    await invitee.page.getByTestId('project-title').getByText('Brand Refresh').waitFor();
    // The link has done its work.
    await invitee.page.goto(newcomerLink);
    await invitee.page
      .getByTestId('invitation-accepted')
      .getByText(PROJECT_TEXTS.invitationAccepted)
      .waitFor();
    await invitee.context.close();

    // The existing user logs in from the link, accepts, and lands in the project as View Only.
    const existing = await newPage(env.browser, env.app);
    await existing.page.goto(regularLink);
    await existing.page.getByRole('link', { name: 'Log in to accept' }).click();
    await existing.page.waitForURL('**/login?**');
    await existing.page.getByRole('textbox', { name: 'Password', exact: true }).fill(regular.password);
    await existing.page.getByRole('button', { name: 'Log in' }).click();
    await existing.page.waitForURL('**/projects/invitations/**');
    await existing.page.getByRole('button', { name: 'Accept invitation' }).click();
    await existing.page.waitForURL(`**/projects/${project.id}`);
    // A viewer may not invite, and sees the settings read-only.
    await existing.page.getByRole('button', { name: 'Invite', exact: true }).click();
    const viewerModal = existing.page.getByRole('dialog', { name: 'Invite to Project' });
    expect(
      await viewerModal.getByRole('textbox', { name: 'Email addresses' }).getAttribute('placeholder'),
    ).toBe('Only admins can invite people');
    await viewerModal.getByTestId(`project-member-${newcomer.email}`).waitFor();
    await existing.page.keyboard.press('Escape');
    await existing.page.getByRole('button', { name: 'Settings' }).click();
    await existing.page.getByText('Only the project owner can change these settings.').waitFor();
    expect(await existing.page.getByRole('button', { name: 'Save Changes' }).count()).toBe(0);
    await existing.context.close();

    // The owner sees both, deletes a pending invitation and removes a member.
    await page.reload();
    await page.getByRole('button', { name: 'Invite', exact: true }).click();
    await modal.getByTestId(`project-member-${newcomer.email}`).getByText('Collaborator').waitFor();
    await modal.getByTestId(`project-member-${regular.email}`).getByText('View Only').waitFor();
    await emails.fill('later@example.com');
    await emails.press('Enter');
    await send.click();
    await modal.getByTestId('project-invite-later@example.com').waitFor();
    await closeSnackbars(page);
    await modal.getByRole('button', { name: 'Delete the invitation of later@example.com' }).click();
    await expectSnackbar(page, PROJECT_TEXTS.inviteDeleted);
    await modal.getByTestId('project-invite-later@example.com').waitFor({ state: 'detached' });
    await modal.getByRole('button', { name: `Remove ${regular.name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove Member' });
    await confirm.getByRole('checkbox').check();
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expectSnackbar(page, PROJECT_TEXTS.userRemoved);
    await modal.getByTestId(`project-member-${regular.email}`).waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');

    // Everything above is in the activity log, newest first.
    await page.getByRole('button', { name: 'Activity' }).click();
    const panel = page.getByTestId('activity-panel');
    await panel.getByText(`Olga Owner removed ${regular.name} from the project.`).waitFor();
    await panel.getByText('Nora Newcomer joined the project as Collaborator.').waitFor();
    await panel.getByText(`Olga Owner invited ${newcomer.email} as Collaborator.`).waitFor();
    await panel.getByText('Olga Owner created the project “Brand Refresh”.').waitFor();
    await shot(page, 'activity-log');
    await context.close();
  });

  it('pages the activity log with Load more', async () => {
    const { page, project } = await ownerOnProject('Busy Project');
    for (let n = 1; n <= 31; n += 1) await createFolder(page, project.id, `Batch ${n}`);
    await page.getByRole('button', { name: 'Activity' }).click();
    const entries = page.getByTestId('activity-panel').getByTestId('activity-entry');
    await expect.poll(() => entries.count()).toBe(30);
    await entries.first().getByText('Olga Owner created the folder “Batch 31”.').waitFor();
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => entries.count()).toBe(32);
    await entries.last().getByText('Olga Owner created the project “Busy Project”.').waitFor();
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
  });
});
