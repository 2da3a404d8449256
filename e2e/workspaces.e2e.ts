import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { gradientPng } from './fixtures';
import { call, invitationLink, teamWorkspace, trialWorkspace } from './projectJourneys';
import { newPage, shot, useAppAndBrowser, type E2eApp } from './harness';
import {
  closeSnackbars,
  expectSnackbar,
  lastMailId,
  logInInUi,
  makeUser,
  signUpInSession,
  signUpViaApi,
  submitLogin,
  type TestUser,
} from './journeys';

/** The owner invites `email` through the API; answers the e-mailed link. */
async function inviteViaApi(
  app: E2eApp,
  owner: BrowserContext,
  workspaceId: number,
  email: string,
  role: 'admin' | 'collaborator' = 'admin',
): Promise<string> {
  const after = await lastMailId(app);
  await call(owner, 'POST', `/workspaces/${workspaceId}/members/invite`, {
    invites: [{ email, role, message: '' }],
  });
  return invitationLink(app, email, after);
}

/** Signs up through the API with the invitation's hash (joins the workspace). */
async function signUpWithInvitation(app: E2eApp, user: TestUser, link: string): Promise<void> {
  const hash = new URL(link).pathname.split('/').pop() ?? '';
  const response = await fetch(`${app.baseUrl}/api/v1/users/sign_up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user, invite_hash: decodeURIComponent(hash) }),
  });
  expect(response.status).toBe(201);
}

async function openTab(page: Page, workspaceId: number, section: string): Promise<void> {
  await page.goto(`/user/workspaces/${workspaceId}/${section}`);
  await page.getByRole('tab', { selected: true }).waitFor();
}

function sidebarItem(page: Page, workspaceId: number) {
  return page.getByTestId(`sidebar-workspace-${workspaceId}`);
}

describe('workspace settings: members, invitations, ownership', () => {
  const env = useAppAndBrowser();

  it('a Team owner invites a member who signs up from the e-mail, then changes the role and removes them', async () => {
    const owner = makeUser({ name: 'Olga Owner' });
    const member = makeUser({ name: 'Mia Member' });
    const { context, page } = await newPage(env.browser, env.app);
    await signUpInSession(page, owner);
    const workspace = await teamWorkspace(context);

    // The profile menu's Settings opens the owned workspace (Plan tab for the owner).
    await page.goto('/projects');
    await page.getByTestId('profile-menu').click();
    await page.getByRole('menuitem', { name: /Settings/ }).click();
    await page.waitForURL(`**/user/workspaces/${workspace.id}/plan`);
    await expect
      .poll(async () => (await page.getByRole('tab').allInnerTexts()).map((t) => t.trim()))
      .toEqual(['Plan', 'Billing', 'Projects', 'Members', 'General']);
    await expect.poll(() => sidebarItem(page, workspace.id).innerText()).toContain('Team');
    expect(await page.getByText('OTHER WORKSPACES').count()).toBe(0);
    expect(await page.getByTestId('create-my-workspace').count()).toBe(0);
    await shot(page, 'workspaces-01-owner-plan-tab');

    await page.getByRole('tab', { name: 'Projects' }).click();
    await page.getByTestId('workspace-projects-empty').waitFor();
    await shot(page, 'workspaces-02-projects-empty');

    // The invite form: chips on space, invalid ones in red block the button.
    await page.getByRole('tab', { name: 'Members' }).click();
    await page.waitForURL('**/members');
    const send = page.getByRole('button', { name: 'Send invitation' });
    expect(await send.isDisabled()).toBe(true);
    const emails = page.getByRole('textbox', { name: 'Email addresses' });
    expect(await emails.getAttribute('placeholder')).toBe('Email');
    await emails.fill('not-an-email');
    await emails.press(' ');
    await page.getByTestId('email-chip-invalid').waitFor();
    expect(await send.isDisabled()).toBe(true);
    await page
      .getByTestId('invite-card')
      .getByText('can create and delete projects and edit their settings')
      .first()
      .waitFor();
    await shot(page, 'workspaces-03-invite-invalid-chip');
    await page.getByRole('button', { name: 'Remove not-an-email' }).click();
    await emails.fill(member.email);
    await emails.press('Enter');
    await page.getByTestId('email-chip').waitFor();
    expect(await send.isEnabled()).toBe(true);
    const before = await lastMailId(env.app);
    await send.click();
    const sent = page.getByRole('dialog');
    await sent.getByText('Invitation Sent').waitFor();
    await sent.getByText(`${member.email} will receive an invitation to join this workspace.`).waitFor();
    await shot(page, 'workspaces-04-invitation-sent');
    await sent.getByRole('button', { name: 'Ok' }).click();
    await page.getByTestId(`invite-${member.email}`).waitFor();

    // The same address again: the spec's error in the 'Invitation Error' dialog.
    await emails.fill(member.email);
    await emails.press('Tab');
    await send.click();
    const failed = page.getByRole('dialog');
    await failed.getByText('Invitation Error').waitFor();
    await failed.getByText('This person has already been invited.').waitFor();
    await shot(page, 'workspaces-05-invitation-error');
    await failed.getByRole('button', { name: 'Ok' }).click();
    await page.getByRole('button', { name: `Remove ${member.email}` }).click();

    // The invitee opens the e-mailed link signed out and signs up from it.
    const link = await invitationLink(env.app, member.email, before);
    expect(link).toContain(`em=${encodeURIComponent(member.email)}`);
    const invitee = await newPage(env.browser, env.app);
    await invitee.page.goto(link);
    await invitee.page.getByTestId('invitation-summary').getByText(workspace.name).waitFor();
    await invitee.page.getByText('Invited by').waitFor();
    await invitee.page.getByText('Role:').waitFor();
    await shot(invitee.page, 'workspaces-06-invitation-page');
    await invitee.page.getByRole('link', { name: 'Sign up', exact: true }).click();
    await invitee.page.waitForURL('**/signup?**');
    const signupUrl = new URL(invitee.page.url());
    expect(signupUrl.searchParams.get('type')).toBe('workspace');
    expect(await invitee.page.getByLabel('Email').inputValue()).toBe(member.email);
    await invitee.page.getByLabel('Name').fill(member.name);
    await invitee.page.getByRole('textbox', { name: 'Password', exact: true }).fill(member.password);
    await invitee.page.getByRole('button', { name: 'Create account' }).click();
    // A new member lands on /projects; in the workspace's settings only Projects and General are theirs.
    await invitee.page.waitForURL('**/projects');
    expect(new URL(invitee.page.url()).pathname).toBe('/projects');
    await invitee.page.getByRole('heading', { name: 'Projects' }).waitFor();
    await invitee.page.goto(`/user/workspaces/${workspace.id}/projects`);
    await expect
      .poll(async () => (await invitee.page.getByRole('tab').allInnerTexts()).map((t) => t.trim()))
      .toEqual(['Projects', 'General']);
    await invitee.page.getByText('OTHER WORKSPACES').waitFor();
    await invitee.page.getByTestId('create-my-workspace').waitFor();
    await shot(invitee.page, 'workspaces-07-member-view');
    await invitee.page.getByRole('tab', { name: 'General' }).click();
    await invitee.page.getByTestId('workspace-name-readonly').waitFor();
    expect(await invitee.page.getByRole('button', { name: 'Delete Workspace' }).count()).toBe(0);
    await shot(invitee.page, 'workspaces-08-member-general');

    // The owner sees the new member, and changes the role.
    await page.reload();
    const row = page.getByTestId(`member-${member.email}`);
    await row.waitFor();
    expect(await page.getByTestId(`invite-${member.email}`).count()).toBe(0);
    const roleSelect = page.getByRole('combobox', { name: `Role of ${member.name}` });
    expect(await roleSelect.inputValue()).toBe('Member');
    await roleSelect.click();
    await page.getByRole('option', { name: 'Collaborator' }).click();
    await expectSnackbar(page, 'The user role has been successfully updated.');
    await expect.poll(() => roleSelect.inputValue()).toBe('Collaborator');
    await closeSnackbars(page);
    // 'Limited' asks first.
    await roleSelect.click();
    await page.getByRole('option', { name: 'Limited' }).click();
    const limited = page.getByRole('dialog');
    await limited.getByText('Change role to Limited').waitFor();
    await shot(page, 'workspaces-09-limited-confirmation');
    await limited.getByRole('button', { name: 'Change role' }).click();
    await expectSnackbar(page, 'The user role has been successfully updated.');
    await expect.poll(() => roleSelect.inputValue()).toBe('Limited');
    await closeSnackbars(page);

    // Removing needs the checkbox.
    await page.getByRole('button', { name: `Remove ${member.name}` }).click();
    const removal = page.getByRole('dialog');
    const remove = removal.getByRole('button', { name: 'Remove', exact: true });
    expect(await remove.isDisabled()).toBe(true);
    await removal.getByRole('checkbox').check();
    expect(await remove.isEnabled()).toBe(true);
    await shot(page, 'workspaces-10-remove-member');
    await remove.click();
    await expectSnackbar(page, `${member.name} Removed Successfully`);
    await page.getByText('This person has been removed from the workspace members.').waitFor();
    await row.waitFor({ state: 'detached' });

    // The removed member, still on the page, can no longer work there: the access dialog.
    await invitee.page.getByRole('button', { name: 'Leave Workspace' }).click();
    await invitee.page.getByRole('dialog').getByRole('button', { name: 'Leave Workspace' }).click();
    const access = invitee.page.getByRole('dialog');
    await access.getByText('Oops, something went wrong').waitFor();
    await access
      .getByText("Looks like you can't continue working on this workspace right now.", { exact: false })
      .waitFor();
    await access.getByText(owner.email).waitFor();
    await shot(invitee.page, 'workspaces-11-access-dialog');
    await access.getByRole('button', { name: 'Go to my account' }).click();
    await invitee.page.waitForURL('**/user/profile');
    await expect.poll(() => invitee.page.getByText('OTHER WORKSPACES').count()).toBe(0);

    // An unknown link says so.
    await invitee.page.goto('/workspaces/invitations/no-such-hash?em=x@example.com');
    await invitee.page.getByText('This invitation is no longer valid').waitFor();
    await shot(invitee.page, 'workspaces-12-invitation-invalid');
    await invitee.context.close();
    await context.close();
  });

  it("stops a trial owner's invitation with the paid feature popup", async () => {
    const owner = makeUser({ name: 'Tara Trial' });
    const { context, page } = await newPage(env.browser, env.app);
    await signUpInSession(page, owner);
    const workspace = await trialWorkspace(context);
    await openTab(page, workspace.id, 'members');
    await expect.poll(() => sidebarItem(page, workspace.id).innerText()).toContain('Free Trial');
    const emails = page.getByRole('textbox', { name: 'Email addresses' });
    await emails.fill('friend@example.com');
    await emails.press('Enter');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    const popup = page.getByRole('dialog');
    await popup.getByText("You've found a paid feature").waitFor();
    await shot(page, 'workspaces-13-paid-feature');
    await popup.getByRole('button', { name: 'Upgrade' }).click();
    await page.waitForURL(`**/user/workspaces/${workspace.id}/plan`);
    // The Plan tab opens the 'Change Workspace Plan' modal from the navigation state.
    await page.getByRole('dialog').getByText('Change Workspace Plan').waitFor();
    await context.close();
  });

  it('splits pasted addresses, and meets the Team seat limit unless inviting collaborators', async () => {
    const owner = makeUser({ name: 'Olga Owner' });
    const { context, page } = await newPage(env.browser, env.app);
    await signUpInSession(page, owner);
    const workspace = await teamWorkspace(context);
    await openTab(page, workspace.id, 'members');
    const emails = page.getByRole('textbox', { name: 'Email addresses' });
    const pasted = ['a', 'b', 'c', 'd', 'e'].map((x) => `${x}.${Date.now().toString(36)}@example.com`);
    const [a = '', b = '', c = '', d = '', e = ''] = pasted;
    // Commas, spaces and newlines split the text; the repeated address is dropped.
    await emails.evaluate((input, text) => {
      const data = new DataTransfer();
      data.setData('text', text);
      input.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    }, `${a}, ${b} ${c}\n${d},${e}\n${a.toUpperCase()}`);
    await expect.poll(() => page.getByTestId('email-chip').count()).toBe(5);
    // Owner + 5 members do not fit in the Team Plan's 5 seats: the top plan asks to contact us.
    await page.getByRole('button', { name: 'Send invitation' }).click();
    const popup = page.getByRole('dialog');
    await popup.getByText("You've reached the limit for workspace members", { exact: true }).waitFor();
    await popup.getByRole('button', { name: 'Contact us' }).waitFor();
    await shot(page, 'workspaces-13b-member-limit');
    await popup.getByRole('button', { name: 'Not now' }).click();
    await popup.waitFor({ state: 'detached' });
    // Collaborators take no seat.
    await page
      .getByRole('textbox', { name: 'Role' })
      .or(page.getByRole('combobox', { name: 'Role' }))
      .click();
    await page.getByRole('option', { name: /Collaborator/ }).click();
    await page.getByText("Collaborators can collaborate on projects they've been invited to").waitFor();
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByRole('dialog').getByText('Invitation Sent').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Ok' }).click();
    await expect.poll(() => page.getByTestId('pending-invites').getByRole('row').count()).toBe(5);
    await context.close();
  });

  it('an existing user logs in from the link, accepts, and later leaves the workspace', async () => {
    const owner = makeUser({ name: 'Olga Owner' });
    const member = makeUser({ name: 'Lea Leaver' });
    await signUpViaApi(env.app, member);
    const { context, page } = await newPage(env.browser, env.app);
    await signUpInSession(page, owner);
    const workspace = await teamWorkspace(context);
    const link = await inviteViaApi(env.app, context, workspace.id, member.email, 'collaborator');
    await context.close();

    // Signed out, with an account: Log in, come back to the invitation, accept.
    const session = await newPage(env.browser, env.app);
    await session.page.goto(link);
    await session.page.getByRole('link', { name: 'Log in to accept' }).click();
    await session.page.waitForURL('**/login?**');
    await submitLogin(session.page, member.email, member.password);
    await session.page.waitForURL('**/workspaces/invitations/**');
    await session.page.getByText('Collaborator', { exact: true }).waitFor();
    await shot(session.page, 'workspaces-14-invitation-accept');
    await session.page.getByRole('button', { name: 'Accept invitation' }).click();
    await session.page.waitForURL('**/projects');
    expect(new URL(session.page.url()).pathname).toBe('/projects');
    await session.page.goto(`/user/workspaces/${workspace.id}/projects`);
    await sidebarItem(session.page, workspace.id).getByText('Collaborator').waitFor();

    await session.page.getByRole('tab', { name: 'General' }).click();
    await session.page.getByRole('button', { name: 'Leave Workspace' }).click();
    const confirm = session.page.getByRole('dialog');
    await confirm.getByText('Leave Workspace', { exact: true }).first().waitFor();
    await shot(session.page, 'workspaces-15-leave-confirmation');
    await confirm.getByRole('button', { name: 'Leave Workspace' }).click();
    await expectSnackbar(session.page, `You left ${workspace.name} workspace.`);
    await session.page.waitForURL('**/user/profile');
    await expect.poll(() => sidebarItem(session.page, workspace.id).count()).toBe(0);
    // The used link is no longer valid.
    await session.page.goto(link);
    await session.page.getByText('This invitation is no longer valid').waitFor();
    await session.context.close();
  });

  it('the owner transfers the ownership and becomes a Member', async () => {
    const owner = makeUser({ name: 'Olga Owner' });
    const heir = makeUser({ name: 'Hugo Heir' });
    const busy = makeUser({ name: 'Bea Busy' });
    const { context, page } = await newPage(env.browser, env.app);
    await signUpInSession(page, owner);
    const workspace = await teamWorkspace(context);
    await signUpWithInvitation(env.app, heir, await inviteViaApi(env.app, context, workspace.id, heir.email));
    await signUpWithInvitation(env.app, busy, await inviteViaApi(env.app, context, workspace.id, busy.email));
    // Bea owns a workspace of her own, so she cannot take this one.
    const busySession = await newPage(env.browser, env.app);
    await logInInUi(busySession.page, busy);
    await trialWorkspace(busySession.context);
    await busySession.context.close();

    await openTab(page, workspace.id, 'general');
    await page.getByRole('button', { name: 'Transfer Ownership' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'New owner' }).click();
    expect(await page.getByRole('option').allInnerTexts()).not.toContain(
      expect.stringContaining(owner.email),
    );
    await page.getByRole('option', { name: new RegExp(busy.email.replace(/[.+]/g, '\\$&')) }).click();
    await dialog.getByText('This user already owns a workspace.').waitFor();
    expect(await dialog.getByRole('button', { name: 'Transfer', exact: true }).isDisabled()).toBe(true);
    await dialog.getByRole('combobox', { name: 'New owner' }).click();
    await page.getByRole('option', { name: new RegExp(heir.email.replace(/[.+]/g, '\\$&')) }).click();
    await dialog.getByRole('textbox', { name: 'Message (optional)' }).fill('It is yours now, Hugo.');
    await shot(page, 'workspaces-16-transfer-dialog');
    await dialog.getByRole('button', { name: 'Transfer', exact: true }).click();
    const done = page.getByRole('dialog');
    await done.getByText('Ownership Successfully Transferred').waitFor();
    await done.getByText('You are no longer the owner of this Workspace. You are now a Member.').waitFor();
    await shot(page, 'workspaces-17-transferred');
    await done.getByRole('button', { name: 'Ok' }).click();
    // Now a Member: Projects and General only, the workspace under OTHER WORKSPACES.
    await expect
      .poll(async () => (await page.getByRole('tab').allInnerTexts()).map((t) => t.trim()))
      .toEqual(['Projects', 'General']);
    await page.getByText('OTHER WORKSPACES').waitFor();
    await page.getByTestId('create-my-workspace').waitFor();
    await page.getByRole('button', { name: 'Leave Workspace' }).waitFor();
    await context.close();
  });

  it('the owner renames the workspace, adds a logo, and deletes it with the checkbox', async () => {
    const owner = makeUser({ name: 'Olga Owner' });
    const { context, page } = await newPage(env.browser, env.app);
    await signUpInSession(page, owner);
    const workspace = await teamWorkspace(context);
    await openTab(page, workspace.id, 'general');
    const save = page.getByTestId('workspace-details').getByRole('button', { name: 'Save' });
    expect(await save.isDisabled()).toBe(true);
    const name = page.getByTestId('workspace-details').getByLabel('Name');
    await name.fill('');
    await name.blur();
    await page.getByText('Name must not be empty.').waitFor();
    expect(await save.isDisabled()).toBe(true);
    await name.fill('Acme Creative Studio');
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
    await page.getByText('Logo should be a valid file.').waitFor();
    expect(await save.isDisabled()).toBe(true);
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: gradientPng() });
    expect(await save.isEnabled()).toBe(true);
    await shot(page, 'workspaces-18-general-edited');
    await save.click();
    await expectSnackbar(page, 'Success! Your changes have been saved!');
    await expect.poll(() => sidebarItem(page, workspace.id).innerText()).toContain('Acme Creative Studio');
    await sidebarItem(page, workspace.id).locator('img').waitFor();
    await closeSnackbars(page);
    await shot(page, 'workspaces-19-general-saved');

    await page.getByRole('button', { name: 'Delete Workspace' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('All projects and assets in', { exact: false }).waitFor();
    const confirm = dialog.getByRole('button', { name: 'Delete Workspace' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByRole('checkbox').check();
    await shot(page, 'workspaces-20-delete-confirmation');
    await confirm.click();
    await expectSnackbar(page, 'The workspace has been successfully deleted.');
    await page.waitForURL('**/user/profile');
    await page.getByTestId('create-my-workspace').waitFor();
    expect(await sidebarItem(page, workspace.id).count()).toBe(0);
    // Its page is gone for good: back to the profile.
    await page.goto(`/user/workspaces/${workspace.id}/general`);
    await page.waitForURL('**/user/profile');
    await context.close();
  });
});
