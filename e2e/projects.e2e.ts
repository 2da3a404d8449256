import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { PROJECT_TEXTS, type Project } from '@common/api/projects';
import { WORKSPACE_TEXTS } from '@common/api/workspaces';
import { truncate } from '@common/text';
import { newPage, shot, useAppAndBrowser, type E2eApp } from './harness';
import { addMember, call, createProject, teamWorkspace, trialWorkspace } from './projectJourneys';
import { uploadPicture } from './reviewJourneys';
import {
  closeSnackbars,
  dragInSteps,
  expectSnackbar,
  logInInUi,
  makeUser,
  signUpInSession,
  signUpInUi,
  signUpViaApi,
} from './journeys';

const env = useAppAndBrowser();

/** A signed-up user with a workspace of their own, on /projects. */
async function ownerWithWorkspace(kind: 'trial' | 'team' = 'trial', name = 'Olga Owner') {
  const { context, page } = await newPage(env.browser, env.app);
  const user = makeUser({ name });
  await signUpInSession(page, user);
  const workspace = kind === 'trial' ? await trialWorkspace(page) : await teamWorkspace(page);
  await page.goto('/projects');
  return { context, page, user, workspace };
}

const card = (page: Page, name: string) => page.getByTestId('project-card').filter({ hasText: name });
const dialog = (page: Page, title: string | RegExp) => page.getByRole('dialog', { name: title });

async function cardNames(page: Page): Promise<string[]> {
  return page.getByTestId('project-card').getByTestId('project-name').allInnerTexts();
}

async function openActions(page: Page, item: Locator, action: string) {
  await item.getByTestId('project-actions').click();
  await page.getByRole('menuitem', { name: action }).click();
}

/** Drags one card onto another with the mouse, in small steps as a hand would. */
async function drag(page: Page, from: Locator, to: Locator) {
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  if (!a || !b) throw new Error('Cards are not on screen');
  const grip = { x: a.x + a.width / 2, y: a.y + a.height / 3 };
  await dragInSteps(page, grip, { x: 12, y: 0 }, { x: b.x + b.width / 2, y: b.y + b.height / 3 }, to);
}

async function setSubscription(app: E2eApp, workspaceId: number, values: Record<string, unknown>) {
  await app.ctx.db.updateTable('subscriptions').set(values).where('workspace_id', '=', workspaceId).execute();
}

describe('projects', () => {
  it('creates a project: no workspace yet, the prompt, the trial, the form with its rules, the project page', async () => {
    const { context, page } = await newPage(env.browser, env.app);
    await signUpInUi(page, makeUser({ name: 'Nina New' }));

    await page.getByTestId('projects-empty').waitFor();
    await shot(page, 'projects-empty');

    // Without a workspace the user is asked to create one, and the form follows once it exists.
    await page.getByRole('button', { name: 'New Project' }).click();
    const prompt = dialog(page, 'Create a Workspace First');
    await prompt.waitFor();
    await shot(page, 'create-project-no-workspace');
    await prompt.getByRole('button', { name: 'Create Workspace' }).click();
    const plans = dialog(page, 'Change Workspace Plan');
    await plans.waitFor();
    await plans.getByRole('button', { name: 'Start Free Trial' }).click();

    const form = dialog(page, 'Create New Project');
    await form.waitFor();
    // One workspace of their own: no workspace field.
    expect(await form.getByLabel('Workspace', { exact: true }).count()).toBe(0);
    expect(await form.getByRole('radio', { name: /Unretouched Images/ }).isChecked()).toBe(true);
    await shot(page, 'create-project-modal');

    // Blank name and dates out of order: the spec's messages under the fields.
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('   ');
    const today = new Date();
    const iso = (d: Date) => d.toISOString().slice(0, 10);
    const yesterday = iso(new Date(today.getTime() - 86_400_000));
    await form.getByLabel('Start date').fill(yesterday);
    await form.getByRole('button', { name: 'Create Project' }).click();
    await form.getByText('Name must not be empty.').waitFor();
    await form.getByText('Start date cannot be before today.').waitFor();
    const later = iso(new Date(today.getTime() + 10 * 86_400_000));
    const sooner = iso(new Date(today.getTime() + 5 * 86_400_000));
    await form.getByLabel('Start date').fill(later);
    await form.getByLabel('Due date').fill(sooner);
    await form.getByText('Due date cannot be before the start date.').waitFor();
    await shot(page, 'create-project-modal-errors');

    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('  Spring Campaign  ');
    await form.getByLabel('Client name').fill('Acme Studio');
    await form.getByLabel('Due date').fill(iso(new Date(today.getTime() + 20 * 86_400_000)));
    await form.getByText('Retouched Images', { exact: true }).click();
    await form.getByRole('button', { name: 'Create Project' }).click();

    await page.waitForURL(/\/projects\/\d+$/);
    await expectSnackbar(page, PROJECT_TEXTS.createdTitle);
    expect(
      await page.locator('.mantine-Notification-root', { hasText: PROJECT_TEXTS.createdTitle }).innerText(),
    ).toContain(PROJECT_TEXTS.createdBody);
    const id = Number(/\/projects\/(\d+)$/.exec(page.url())?.[1]);
    const created = await call<Project>(page, 'GET', `/projects/${id}`);
    expect(created).toMatchObject({
      name: 'Spring Campaign',
      client_name: 'Acme Studio',
      assets_start_retouched: true,
    });

    // The same name again is refused under the field.
    await closeSnackbars(page);
    await page.goto('/projects');
    await card(page, 'Spring Campaign').waitFor();
    await page.getByRole('button', { name: 'New Project' }).click();
    await form.waitFor();
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('spring campaign');
    await form.getByRole('button', { name: 'Create Project' }).click();
    await form.getByText(PROJECT_TEXTS.nameTaken).waitFor();
    await context.close();
  });

  it('says why a project cannot be created: expired trial, suspended workspace, project limit', async () => {
    const { context, page, workspace } = await ownerWithWorkspace('trial');
    await createProject(page, workspace.id, { name: 'Before the trial ended' });
    const past = new Date(Date.now() - 60_000).toISOString();
    await setSubscription(env.app, workspace.id, {
      free_trial_expires_at: past,
      billing_period_ends_at: past,
    });
    await env.app.ctx.billingPeriods.runDue(new Date());
    await page.goto('/projects');
    // The owner's own expired-trial popup comes first; closed, the button tells the same story.
    const notice = dialog(page, 'Free Trial Expired');
    await notice.waitFor();
    await notice.getByRole('button', { name: 'Not now' }).click();
    await notice.waitFor({ state: 'detached' });
    // The project of a suspended workspace reads 'Suspended', with an error icon instead of its count.
    const suspendedCard = card(page, 'Before the trial ended');
    expect(await suspendedCard.getByTestId('project-status').innerText()).toBe('Suspended');
    await suspendedCard.getByTestId('workspace-error-icon').waitFor();
    expect(await suspendedCard.getByTestId('asset-count').count()).toBe(0);
    await shot(page, 'projects-suspended-card');
    await page.getByRole('button', { name: 'New Project' }).click();
    await notice.waitFor();
    expect(await notice.innerText()).toContain('To create projects again, please select a plan.');
    await shot(page, 'create-project-expired-trial');
    await notice.getByRole('button', { name: 'See Plans' }).click();
    await page.waitForURL(`**/user/workspaces/${workspace.id}/plan`);
    await context.close();

    const team = await ownerWithWorkspace('team');
    await setSubscription(env.app, team.workspace.id, { active: 0 });
    await team.page.goto('/projects');
    await team.page.getByRole('button', { name: 'New Project' }).click();
    const suspended = dialog(team.page, 'Workspace Suspended');
    await suspended.waitFor();
    expect(await suspended.innerText()).toContain(WORKSPACE_TEXTS.inactiveWorkspace);
    await shot(team.page, 'create-project-suspended');
    await team.context.close();

    // The free trial holds 3 projects: 'New Project' then shows the limit popup with Upgrade at
    // once, and never the form the server would refuse.
    const full = await ownerWithWorkspace('trial');
    const limit = full.workspace.pricing_plan?.included_projects ?? 3;
    for (let n = 1; n <= limit; n += 1)
      await createProject(full.page, full.workspace.id, { name: `Project ${n}` });
    await full.page.goto('/projects');
    await card(full.page, 'Project 1').first().waitFor();
    await full.page.getByRole('button', { name: 'New Project' }).click();
    const popup = dialog(full.page, WORKSPACE_TEXTS.projectLimit);
    await popup.waitFor();
    expect(await dialog(full.page, 'Create New Project').count()).toBe(0);
    expect(await popup.innerText()).toContain('Upgrade the plan of');
    await shot(full.page, 'create-project-limit');
    await popup.getByRole('button', { name: 'Upgrade' }).click();
    await full.page.waitForURL(`**/user/workspaces/${full.workspace.id}/plan`);
    await dialog(full.page, 'Change Workspace Plan').waitFor();
    await full.context.close();
  });

  it('shows the grid and the list, and keeps the view, sort and size across a reload', async () => {
    const { context, page, workspace } = await ownerWithWorkspace('team');
    const colleague = makeUser({ name: 'Carl Collaborator' });
    await signUpViaApi(env.app, colleague);
    const due = new Date(Date.now() + 9 * 86_400_000).toISOString().slice(0, 10);
    const brand = await createProject(page, workspace.id, {
      name: 'Brand Refresh 2027 — Hero Images and Retouching Guide',
      client_name: 'Northwind Traders',
      due_date: due,
    });
    await addMember(env.app, brand, colleague, 'collaborator');
    const autumn = await createProject(page, workspace.id, {
      name: 'Autumn Lookbook',
      client_name: 'Contoso',
    });
    await uploadPicture(page, autumn.id, { name: 'look-01.jpg', variant: 3, width: 1600, height: 1000 });
    await env.app.ctx.jobs.idle();
    const rush = await createProject(page, workspace.id, { name: 'Packshots', client_name: 'Fabrikam' });
    await call(page, 'POST', `/projects/${rush.id}/set_rush_priority`);
    await page.goto('/projects');
    await page.getByTestId('projects-grid').waitFor();
    // Priority first (the default sort): the flagged project leads.
    expect((await cardNames(page))[0]).toBe('Packshots');
    await card(page, 'Packshots').getByTestId('rush-badge').waitFor();
    // Without a cover, a project is pictured by its first asset; without assets, by its initials.
    const autumnCover = card(page, 'Autumn Lookbook').getByTestId('project-cover');
    expect(await autumnCover.getAttribute('data-picture')).toBe('asset');
    await expect
      .poll(() =>
        autumnCover.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
      )
      .toBeGreaterThan(0);
    expect(await card(page, 'Packshots').getByTestId('project-cover').getAttribute('data-picture')).toBe(
      'initials',
    );
    // Titles are cut at 40 characters.
    expect(await card(page, 'Brand Refresh').getByTestId('project-name').innerText()).toHaveLength(40);
    await shot(page, 'projects-grid');

    await page.locator('label', { hasText: 'List view' }).click();
    await page.getByTestId('projects-list').waitFor();
    await page.getByTestId('sort-select').click();
    await page.getByRole('option', { name: 'Project Name' }).click();
    await page.getByTestId('projects-list').getByText('Autumn Lookbook').waitFor();
    await shot(page, 'projects-list');

    await page.reload();
    await page.getByTestId('projects-list').waitFor();
    expect(await page.getByTestId('sort-select').inputValue()).toBe('Project Name');
    // The item size moves with the keyboard too, and is kept.
    await page.getByRole('slider', { name: 'Item size' }).focus();
    const saved = page.waitForResponse(
      (response) =>
        response.url().endsWith('/users/me/projects_view_options') && response.request().method() === 'PUT',
    );
    await page.keyboard.press('ArrowRight');
    await saved;
    await page.reload();
    await page.getByTestId('projects-list').waitFor();
    expect(await page.getByRole('slider', { name: 'Item size' }).getAttribute('aria-valuenow')).toBe('55');
    const names = await page.getByTestId('project-row').getByTestId('project-name').allInnerTexts();
    expect(names).toEqual(['Autumn Lookbook', truncate(brand.name, 40), 'Packshots']);

    // Descending, then back to the grid.
    await page.getByTestId('sort-direction').click();
    await page.locator('label', { hasText: 'Grid view' }).click();
    await page.getByTestId('projects-grid').waitFor();
    await page.reload();
    await page.getByTestId('projects-grid').waitFor();
    expect(await cardNames(page)).toEqual(['Packshots', truncate(brand.name, 40), 'Autumn Lookbook']);
    await context.close();
  });

  it('reorders projects by drag and drop: the order survives a reload and the sort becomes Manual', async () => {
    const { context, page, workspace } = await ownerWithWorkspace('team');
    for (const name of ['Alpha', 'Bravo', 'Charlie', 'Delta'])
      await createProject(page, workspace.id, { name });
    await page.goto('/projects');
    await page.getByTestId('projects-grid').waitFor();
    const before = await cardNames(page);
    expect(before).toHaveLength(4);

    await drag(page, card(page, before[0]!), card(page, before[2]!));
    const expected = [before[1], before[2], before[0], before[3]];
    await expect.poll(() => cardNames(page)).toEqual(expected);
    expect(await page.getByTestId('sort-select').inputValue()).toBe('Manual');

    await page.reload();
    await page.getByTestId('projects-grid').waitFor();
    await expect.poll(() => cardNames(page)).toEqual(expected);
    expect(await page.getByTestId('sort-select').inputValue()).toBe('Manual');
    await context.close();
  });

  it('labels a project and filters the list by the label', async () => {
    const { context, page, workspace } = await ownerWithWorkspace('team');
    await createProject(page, workspace.id, { name: 'Catalogue Shoot' });
    await createProject(page, workspace.id, { name: 'Website Banners' });
    await page.goto('/projects');
    await card(page, 'Catalogue Shoot').waitFor();

    // Sharing and inviting open the project's own dialogs.
    await openActions(page, card(page, 'Catalogue Shoot'), 'Share Public Link');
    const share = dialog(page, PROJECT_TEXTS.shareTitle);
    await share.waitFor();
    await page.keyboard.press('Escape');
    await share.waitFor({ state: 'detached' });
    await openActions(page, card(page, 'Catalogue Shoot'), 'Invite Collaborators');
    const invite = dialog(page, 'Invite to Project');
    await invite.waitFor();
    await page.keyboard.press('Escape');
    await invite.waitFor({ state: 'detached' });

    await openActions(page, card(page, 'Catalogue Shoot'), 'Set Labels');
    const labels = dialog(page, 'Labels');
    await labels.getByText('This workspace has no labels yet.', { exact: false }).waitFor();
    await labels.getByLabel('New label').fill('Print');
    await labels.getByRole('button', { name: 'Create' }).click();
    await expectSnackbar(page, PROJECT_TEXTS.labelCreated);
    await expect.poll(() => labels.getByRole('checkbox', { name: 'Print' }).isChecked()).toBe(true);
    await labels.getByLabel('New label').fill('Digital');
    await labels.getByRole('button', { name: 'Create' }).click();
    await labels.getByRole('checkbox', { name: 'Digital' }).waitFor();
    await closeSnackbars(page);
    await shot(page, 'labels-menu');
    await labels.getByRole('button', { name: 'Done' }).click();
    await card(page, 'Catalogue Shoot').getByTestId('label-chip').filter({ hasText: 'Print' }).waitFor();

    await page.getByTestId('filters-button').click();
    await page.getByTestId('filters-popover').getByPlaceholder('Any label').click();
    await page.getByRole('option', { name: 'Print' }).click();
    await shot(page, 'projects-filters-menu');
    await page.keyboard.press('Escape');
    await page.getByTestId('filter-chips').getByText('Label: Print').waitFor();
    await expect.poll(() => cardNames(page)).toEqual(['Catalogue Shoot']);
    await closeSnackbars(page);
    await shot(page, 'projects-filtered');

    // A filter nothing matches: the empty state offers to clear the filters.
    await page.getByTestId('filters-button').click();
    const priority = page.getByTestId('filters-popover').getByRole('checkbox', { name: 'Priority' });
    await priority.click();
    // The box follows the saved view options: wait for them rather than for the click alone.
    await expect.poll(() => priority.isChecked()).toBe(true);
    await page.keyboard.press('Escape');
    await page.getByTestId('projects-filtered-empty').waitFor();
    await shot(page, 'projects-filtered-empty');
    await page.getByTestId('projects-filtered-empty').getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(async () => (await cardNames(page)).length).toBe(2);
    await context.close();
  });

  it('archives and restores, hides and unhides, flags rush priority', async () => {
    const { context, page, workspace } = await ownerWithWorkspace('team');
    await createProject(page, workspace.id, { name: 'Summer Sale' });
    await createProject(page, workspace.id, { name: 'Winter Sale' });
    await page.goto('/projects');
    await card(page, 'Summer Sale').waitFor();

    // Rush flag: the badge at once, the snackbar, and the project leads the Priority sort.
    await openActions(page, card(page, 'Winter Sale'), 'Flag as Rush Priority');
    await card(page, 'Winter Sale').getByTestId('rush-badge').waitFor();
    await expectSnackbar(page, PROJECT_TEXTS.priorityAdded);
    await expect.poll(async () => (await cardNames(page))[0]).toBe('Winter Sale');
    await openActions(page, card(page, 'Winter Sale'), 'Remove Rush Priority');
    await expectSnackbar(page, PROJECT_TEXTS.priorityRemoved);
    await card(page, 'Winter Sale').getByTestId('rush-badge').waitFor({ state: 'detached' });

    await openActions(page, card(page, 'Summer Sale'), 'Archive');
    await expectSnackbar(page, PROJECT_TEXTS.archived(1));
    await card(page, 'Summer Sale').waitFor({ state: 'detached' });
    await page.locator('label', { hasText: 'Archived' }).click();
    await card(page, 'Summer Sale').waitFor();
    await openActions(page, card(page, 'Summer Sale'), 'Restore from Archive');
    await expectSnackbar(page, PROJECT_TEXTS.activated(1));
    await page.getByTestId('projects-archived-empty').waitFor();
    await closeSnackbars(page);
    await shot(page, 'projects-archived-empty');
    await page.locator('label', { hasText: 'Active' }).click();
    await card(page, 'Summer Sale').waitFor();

    await openActions(page, card(page, 'Summer Sale'), 'Hide');
    await expectSnackbar(page, PROJECT_TEXTS.hidden(1));
    await card(page, 'Summer Sale').waitFor({ state: 'detached' });
    await page.locator('label', { hasText: 'Hidden' }).click();
    await openActions(page, card(page, 'Summer Sale'), 'Unhide');
    await expectSnackbar(page, PROJECT_TEXTS.unhidden(1));
    await page.getByTestId('projects-hidden-empty').waitFor();
    await context.close();
  });

  it('deletes with a ticked checkbox; a collaborator leaves instead; ownership moves to a member', async () => {
    const { context, page, workspace } = await ownerWithWorkspace('team');
    const colleague = makeUser({ name: 'Carl Collaborator' });
    await signUpViaApi(env.app, colleague);
    const shared = await createProject(page, workspace.id, { name: 'Shared Lookbook' });
    await addMember(env.app, shared, colleague, 'collaborator');
    const doomed = await createProject(page, workspace.id, { name: 'Old Drafts' });
    await page.goto('/projects');
    await card(page, 'Old Drafts').waitFor();

    await openActions(page, card(page, 'Old Drafts'), 'Delete Project');
    const confirm = dialog(page, 'Delete Project');
    await confirm.waitFor();
    expect(await confirm.getByRole('button', { name: 'Delete' }).isDisabled()).toBe(true);
    await shot(page, 'delete-confirm');
    await confirm.getByRole('checkbox').check();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectSnackbar(page, PROJECT_TEXTS.deleted);
    await card(page, 'Old Drafts').waitFor({ state: 'detached' });
    const gone = await page.request.get(`/api/v1/projects/${doomed.id}`);
    expect(gone.status()).toBe(404);

    // Ownership to the collaborator: the modal lists the members.
    await openActions(page, card(page, 'Shared Lookbook'), 'Transfer Ownership');
    const transfer = dialog(page, 'Transfer Ownership');
    await transfer.getByRole('radio', { name: 'Carl Collaborator' }).waitFor();
    await closeSnackbars(page);
    await shot(page, 'transfer-ownership-modal');
    await transfer.getByRole('radio', { name: 'Carl Collaborator' }).check();
    await transfer.getByRole('button', { name: 'Transfer Ownership' }).click();
    await expectSnackbar(page, PROJECT_TEXTS.ownershipTransferred);
    const after = await call<Project>(page, 'GET', `/projects/${shared.id}`);
    expect(after.current_user_role?.name).toBe('collaborator');

    // Carl is the owner now: his menu offers the transfer.
    const other = await newPage(env.browser, env.app);
    await logInInUi(other.page, colleague);
    await card(other.page, 'Shared Lookbook').getByTestId('project-actions').click();
    await other.page.getByRole('menuitem', { name: 'Transfer Ownership' }).waitFor();
    await other.page.keyboard.press('Escape');
    await context.close();
    await other.context.close();
  });

  it('lets a collaborator leave a project after ticking the checkbox', async () => {
    const { context, page, workspace } = await ownerWithWorkspace('team');
    const colleague = makeUser({ name: 'Lea Leaver' });
    await signUpViaApi(env.app, colleague);
    const project = await createProject(page, workspace.id, { name: 'Campaign Stills' });
    await addMember(env.app, project, colleague, 'collaborator');
    await context.close();

    const { context: second, page: leaver } = await newPage(env.browser, env.app);
    await logInInUi(leaver, colleague);
    await card(leaver, 'Campaign Stills').getByTestId('project-actions').click();
    expect(await leaver.getByRole('menuitem', { name: 'Delete Project' }).count()).toBe(0);
    await leaver.getByRole('menuitem', { name: 'Leave Project' }).click();
    const confirm = dialog(leaver, 'Leave Project');
    expect(await confirm.getByRole('button', { name: 'Leave' }).isDisabled()).toBe(true);
    await confirm.getByRole('checkbox').check();
    await confirm.getByRole('button', { name: 'Leave' }).click();
    await expectSnackbar(leaver, PROJECT_TEXTS.left(1));
    await leaver.getByTestId('projects-empty').waitFor();
    await second.close();
  });

  it('shows an error with a retry when the list cannot be loaded', async () => {
    const { context, page } = await ownerWithWorkspace('team');
    await page.route('**/api/v1/projects/active**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
    );
    await page.goto('/projects');
    const failure = page.getByTestId('load-error');
    await failure.waitFor();
    await shot(page, 'projects-error');
    await page.unroute('**/api/v1/projects/active**');
    await failure.getByRole('button', { name: 'Try again' }).click();
    await page.getByTestId('projects-empty').waitFor();
    await context.close();
  });

  it('moves a project to another workspace where the user is a member', async () => {
    const { context, page, workspace, user } = await ownerWithWorkspace('team');
    const project = await createProject(page, workspace.id, { name: 'Travelling Project' });
    // Another owner's workspace where this user is an admin ('Member').
    const other = await ownerWithWorkspace('team', 'Petra Partner');
    const me = await env.app.ctx.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', user.email.toLowerCase())
      .executeTakeFirstOrThrow();
    await env.app.ctx.db
      .insertInto('workspace_members')
      .values({
        workspace_id: other.workspace.id,
        user_id: me.id,
        role: 'admin',
        created_at: new Date().toISOString(),
      })
      .execute();
    await other.context.close();

    await page.goto('/projects');
    await openActions(page, card(page, 'Travelling Project'), 'Move to Another Workspace');
    const move = dialog(page, 'Move to Another Workspace');
    await move.getByRole('radio', { name: other.workspace.name }).waitFor();
    // The current workspace is not offered.
    expect(await move.getByRole('radio').count()).toBe(1);
    expect(await move.getByRole('button', { name: 'Move Project' }).isDisabled()).toBe(true);
    await shot(page, 'move-to-workspace-modal');
    await move.getByRole('radio', { name: other.workspace.name }).check();
    await move.getByRole('button', { name: 'Move Project' }).click();
    await expectSnackbar(page, PROJECT_TEXTS.movedToWorkspace(other.workspace.name));
    const moved = await call<Project>(page, 'GET', `/projects/${project.id}`);
    expect(moved.workspace_id).toBe(other.workspace.id);

    // With two workspaces the form asks which one; a suspended one is greyed and listed last.
    await setSubscription(env.app, other.workspace.id, { active: 0 });
    await page.reload();
    await card(page, 'Travelling Project').waitFor();
    await page.getByRole('button', { name: 'New Project' }).click();
    const form = dialog(page, 'Create New Project');
    await form.getByPlaceholder('Choose a workspace').click();
    const options = page.getByRole('option');
    const texts = async () => (await options.allInnerTexts()).map((t) => t.replace(/\s+/g, ' '));
    await expect.poll(texts).toEqual([workspace.name, `${other.workspace.name} Suspended`]);
    expect(await options.nth(1).getAttribute('aria-disabled')).toBe('true');
    await shot(page, 'create-project-workspaces');
    await context.close();
  });

  it('archives several projects at once from the selection bar', async () => {
    const { context, page, workspace } = await ownerWithWorkspace('team');
    for (const name of ['One', 'Two', 'Three']) await createProject(page, workspace.id, { name });
    await page.goto('/projects');
    await card(page, 'One').hover();
    await card(page, 'One').getByRole('checkbox').check();
    await card(page, 'Two').getByRole('checkbox').check();
    const bar = page.getByTestId('selection-bar');
    await bar.getByText('2 projects selected').waitFor();
    await shot(page, 'projects-selection');
    await bar.getByRole('button', { name: 'Archive' }).click();
    await expectSnackbar(page, PROJECT_TEXTS.archived(2));
    await expect.poll(() => cardNames(page)).toEqual(['Three']);
    await bar.waitFor({ state: 'hidden' });
    await context.close();
  });

  it('shows the loading state, and takes a rush flag back when the server refuses it', async () => {
    const { context, page, workspace } = await ownerWithWorkspace('team');
    await createProject(page, workspace.id, { name: 'Flaky Network' });
    let release: () => void = () => undefined;
    const held = new Promise<void>((done) => (release = done));
    await page.route('**/api/v1/projects/active**', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/projects');
    await page.getByTestId('projects-loading').waitFor();
    await shot(page, 'projects-loading');
    release();
    await card(page, 'Flaky Network').waitFor();
    await page.unroute('**/api/v1/projects/active**');

    await page.route('**/set_rush_priority', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
    );
    await openActions(page, card(page, 'Flaky Network'), 'Flag as Rush Priority');
    await expectSnackbar(page, PROJECT_TEXTS.generic);
    await card(page, 'Flaky Network').getByTestId('rush-badge').waitFor({ state: 'detached' });
    await context.close();
  });
});
