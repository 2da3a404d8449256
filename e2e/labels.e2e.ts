import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { Label } from '@common/api/projects';
import { PROJECT_TEXTS } from '@common/api/projects';
import { LABEL_COLORS } from '@common/labelColors';
import { newPage, shot, useAppAndBrowser } from './harness';
import { closeSnackbars, dragInSteps, expectSnackbar, makeUser, signUpInSession } from './journeys';
import { call, createProject, trialWorkspace } from './projectJourneys';

const env = useAppAndBrowser();

const PURPLE = LABEL_COLORS[5];
const GREEN = LABEL_COLORS[3];

const labelRow = (scope: Locator, name: string) =>
  scope.getByTestId('label-row').filter({ has: scope.page().getByText(name, { exact: true }) });

async function rowNames(scope: Locator): Promise<string[]> {
  return scope.getByTestId('label-row').getByTestId('label-chip').allInnerTexts();
}

async function createLabelInUi(page: Page, scope: Locator, name: string, colour?: string) {
  const form = scope.getByTestId('new-label-form');
  await form.getByLabel('New label', { exact: true }).fill(name);
  if (colour) await form.getByRole('radio', { name: colour }).click();
  await form.getByRole('button', { name: 'Create Label' }).click();
  await expectSnackbar(page, PROJECT_TEXTS.labelCreated);
  await labelRow(scope, name).waitFor();
}

/** Drags a label row by its handle onto another row, in small steps as a hand would. */
async function dragRow(page: Page, from: Locator, to: Locator) {
  const a = await from.getByTestId('label-handle').boundingBox();
  const b = await to.boundingBox();
  if (!a || !b) throw new Error('Rows are not on screen');
  const grip = { x: a.x + a.width / 2, y: a.y + a.height / 2 };
  await dragInSteps(page, grip, { x: 0, y: -8 }, { x: grip.x, y: b.y + b.height / 4 }, to);
}

describe('labels', () => {
  it('manages workspace labels: create with a colour, rename, recolour, set on a project, delete', async () => {
    const { context, page } = await newPage(env.browser, env.app);
    await signUpInSession(page, makeUser({ name: 'Lena Labels' }));
    const workspace = await trialWorkspace(page);
    const project = await createProject(page, workspace.id, { name: 'Autumn Lookbook' });

    await page.goto(`/user/workspaces/${workspace.id}/general`);
    const card = page.getByTestId('workspace-labels');
    await card.getByTestId('labels-empty').waitFor();
    await shot(page, 'workspace-labels-empty');

    // A blank name is refused before asking; a name taken (whatever the case) by the server, under the field.
    const form = card.getByTestId('new-label-form');
    await form.getByRole('button', { name: 'Create Label' }).click();
    await form.getByText('Name must not be empty.').waitFor();
    await createLabelInUi(page, card, 'Hero shots', 'Purple');
    await createLabelInUi(page, card, 'Retouch');
    await form.getByLabel('New label', { exact: true }).fill('hero SHOTS');
    await form.getByRole('button', { name: 'Create Label' }).click();
    await form.getByText('This name already exists').waitFor();
    await form.getByLabel('New label', { exact: true }).fill('');

    const labels = await call<Label[]>(page, 'GET', `/workspaces/${workspace.id}/labels`);
    expect(labels.map((l) => [l.name, l.base_color, l.hover_color])).toEqual([
      ['Hero shots', PURPLE.base, PURPLE.hover],
      ['Retouch', LABEL_COLORS[1].base, LABEL_COLORS[1].hover],
    ]);

    // Rename inline: Enter saves.
    await labelRow(card, 'Hero shots').getByRole('button', { name: 'Rename Hero shots' }).click();
    const field = card.getByLabel('New name for Hero shots');
    await field.fill('Hero images');
    await shot(page, 'workspace-label-rename');
    await field.press('Enter');
    await expectSnackbar(page, PROJECT_TEXTS.labelRenamed);
    await labelRow(card, 'Hero images').waitFor();

    // Recolour from the palette.
    await labelRow(card, 'Retouch').getByRole('button', { name: 'Colour of Retouch' }).click();
    await page
      .getByRole('radiogroup', { name: 'Colour of Retouch' })
      .getByRole('radio', { name: 'Green' })
      .click();
    await expect
      .poll(
        async () => (await call<Label[]>(page, 'GET', `/workspaces/${workspace.id}/labels`))[1]?.base_color,
      )
      .toBe(GREEN.base);
    await closeSnackbars(page);
    await page.mouse.move(0, 0);
    await shot(page, 'workspace-labels');

    // The project's Set Labels list offers the renamed label; set it.
    await page.goto('/projects');
    const projectCard = page.getByTestId('project-card').filter({ hasText: project.name });
    await projectCard.getByTestId('project-actions').click();
    await page.getByRole('menuitem', { name: 'Set Labels' }).click();
    const setLabels = page.getByRole('dialog', { name: 'Labels' });
    await setLabels.getByRole('checkbox', { name: 'Hero images' }).check();
    await setLabels.getByRole('checkbox', { name: 'Retouch' }).waitFor();
    await setLabels.getByRole('button', { name: 'Done' }).click();
    await projectCard.getByTestId('label-chip').filter({ hasText: 'Hero images' }).waitFor();

    // Deleting asks for the checkbox first, then takes the label off the project.
    await page.goto(`/user/workspaces/${workspace.id}/general`);
    await labelRow(card, 'Hero images').getByRole('button', { name: 'Delete Hero images' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Label' });
    const deleteButton = confirm.getByRole('button', { name: 'Delete' });
    expect(await deleteButton.isDisabled()).toBe(true);
    await confirm.getByRole('checkbox').check();
    expect(await deleteButton.isDisabled()).toBe(false);
    await shot(page, 'workspace-label-delete-confirm');
    await deleteButton.click();
    await expectSnackbar(page, PROJECT_TEXTS.labelDeleted);
    await expect.poll(() => rowNames(card)).toEqual(['Retouch']);
    const after = await call<{ labels: Label[] }>(page, 'GET', `/projects/${project.id}`);
    expect(after.labels).toEqual([]);
    await context.close();
  });

  it("orders a project's own labels by drag and drop; the order survives a reload", async () => {
    const { context, page } = await newPage(env.browser, env.app);
    await signUpInSession(page, makeUser({ name: 'Otto Order' }));
    const workspace = await trialWorkspace(page);
    const project = await createProject(page, workspace.id, { name: 'Winter Catalogue' });

    async function openLabelsTab() {
      await page.getByRole('button', { name: 'Settings' }).click();
      const modal = page.getByRole('dialog', { name: 'Project Settings' });
      await modal.getByRole('tab', { name: 'Labels' }).click();
      const labels = modal.getByTestId('project-labels-settings');
      await labels.getByTestId('label-row').first().waitFor();
      return labels;
    }

    await page.goto(`/projects/${project.id}`);
    let labels = await openLabelsTab();
    expect(await rowNames(labels)).toEqual(['Needs Review', 'In Progress', 'Approved']);

    await createLabelInUi(page, labels, 'Client picks', 'Pink');
    expect(await rowNames(labels)).toEqual(['Needs Review', 'In Progress', 'Approved', 'Client picks']);

    // 'Approved' to the top.
    await dragRow(page, labelRow(labels, 'Approved'), labelRow(labels, 'Needs Review'));
    await expect
      .poll(() => rowNames(labels))
      .toEqual(['Approved', 'Needs Review', 'In Progress', 'Client picks']);
    await expect
      .poll(
        async () =>
          (await call<{ labels_order: number[] }>(page, 'GET', `/projects/${project.id}/custom_settings`))
            .labels_order.length,
      )
      .toBe(4);
    await closeSnackbars(page);
    await page.mouse.move(0, 0);
    await shot(page, 'project-labels-settings');

    await page.reload();
    await page.getByTestId('project-title').waitFor();
    labels = await openLabelsTab();
    expect(await rowNames(labels)).toEqual(['Approved', 'Needs Review', 'In Progress', 'Client picks']);

    // Deleting a project label keeps the others' order.
    await labelRow(labels, 'Needs Review').getByRole('button', { name: 'Delete Needs Review' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Label' });
    await confirm.getByRole('checkbox').check();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectSnackbar(page, PROJECT_TEXTS.labelDeleted);
    await expect.poll(() => rowNames(labels)).toEqual(['Approved', 'In Progress', 'Client picks']);
    await context.close();
  });
});
