import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Task } from '@common/api/tasks';
import { TASK_TEXTS } from '@common/api/tasks';
import { formatDayMonthYear, utcDay } from '@common/taskDates';
import type { Clock } from '@server/clock';
import { TINY_PNG } from '../tests/api/images';
import { launchBrowser, newPage, shot, startApp, type E2eApp } from './harness';
import { makeUser, signUpInSession, signUpViaApi } from './journeys';
import { addMember, call, createProject, trialWorkspace } from './projectJourneys';

const DAY_MS = 86_400_000;

/** Real time plus an offset the journey moves forward: the server's "today" passes a due date. */
class ShiftedClock implements Clock {
  offset = 0;
  now(): Date {
    return new Date(Date.now() + this.offset);
  }
  sleep(ms: number): Promise<void> {
    return new Promise((done) => setTimeout(done, ms));
  }
}

const clock = new ShiftedClock();
let app: E2eApp;
let browser: Browser;
beforeAll(async () => {
  app = await startApp({}, { clock });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

const dayFromToday = (n: number) => utcDay(new Date(Date.now() + n * DAY_MS));

async function openTasks(page: Page) {
  await page.getByTestId('project-tasks').click();
  const panel = page.getByTestId('tasks-panel');
  await panel.waitFor();
  return panel;
}

describe('tasks panel', () => {
  it('shows a View Only member the tasks without anything to change', async () => {
    const owner = await newPage(browser, app);
    const olga = makeUser({ name: 'Olga Owner' });
    await signUpInSession(owner.page, olga);
    const workspace = await trialWorkspace(owner.page);
    const project = await createProject(owner.page, workspace.id, { name: 'Winter Campaign' });
    const me = await call<{ id: number }>(owner.page, 'GET', '/users/me');
    await call(owner.page, 'POST', `/projects/${project.id}/tasks`, {
      text: 'Approve the final crops',
      due_date: formatDayMonthYear(dayFromToday(3)),
      assigned_ids: [me.id],
    });
    const viewer = await newPage(browser, app);
    const vera = makeUser({ name: 'Vera Viewer' });
    await signUpInSession(viewer.page, vera);
    await addMember(app, project, vera, 'viewer');

    await viewer.page.goto(`/projects/${project.id}`);
    const panel = await openTasks(viewer.page);
    const row = panel.getByTestId('task-row');
    await row.waitFor();
    expect(await row.getByRole('checkbox').isDisabled()).toBe(true);
    expect(await row.getByRole('button', { name: /^Edit/ }).count()).toBe(0);
    expect(await panel.getByTestId('new-task').count()).toBe(0);
    await owner.context.close();
    await viewer.context.close();
  });

  it('opens with an asset for ?open_tasks_panel, and stays closed once closed', async () => {
    const { context, page } = await newPage(browser, app);
    await signUpInSession(page, makeUser({ name: 'Ada Asset' }));
    const workspace = await trialWorkspace(page);
    const project = await createProject(page, workspace.id, { name: 'Summer Lookbook' });
    const uploaded = await page.request.post('/api/v1/assets', {
      multipart: {
        project_id: String(project.id),
        file: { name: 'look.png', mimeType: 'image/png', buffer: TINY_PNG },
      },
    });
    expect(uploaded.status()).toBe(201);
    const asset = ((await uploaded.json()) as { response: { id: number } }).response;
    await page.goto(`/projects/${project.id}/assets/${asset.id}?open_tasks_panel`);
    const panel = page.getByTestId('tasks-panel');
    await panel.getByTestId('tasks-empty').waitFor();
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
    await page.waitForURL((url) => !url.searchParams.has('open_tasks_panel'));
    await page.reload();
    await page.getByTestId('project-tasks').waitFor();
    expect(await panel.count()).toBe(0);
    await context.close();
  });

  it('says when the tasks cannot be loaded, and loads them on retry', async () => {
    const { context, page } = await newPage(browser, app);
    await signUpInSession(page, makeUser({ name: 'Lou Loader' }));
    const workspace = await trialWorkspace(page);
    const project = await createProject(page, workspace.id, { name: 'Spring Catalogue' });
    await page.route(`**/api/v1/projects/${project.id}/tasks`, (route) => route.abort());
    await page.goto(`/projects/${project.id}`);
    const panel = await openTasks(page);
    await panel.getByTestId('load-error').waitFor();
    await page.unroute(`**/api/v1/projects/${project.id}/tasks`);
    await panel.getByRole('button', { name: 'Try again' }).click();
    await panel.getByTestId('tasks-empty').waitFor();
    await context.close();
  });

  it('creates tasks, shows one overdue once the server’s day has passed, completes it', async () => {
    const { context, page } = await newPage(browser, app);
    await signUpInSession(page, makeUser({ name: 'Olga Owner' }));
    const workspace = await trialWorkspace(page);
    const project = await createProject(page, workspace.id, { name: 'Autumn Lookbook' });
    const retoucher = makeUser({ name: 'Rita Retoucher' });
    await signUpViaApi(app, retoucher);
    await addMember(app, project, retoucher, 'collaborator');

    await page.goto(`/projects/${project.id}`);
    let panel = await openTasks(page);
    await panel.getByTestId('tasks-empty').waitFor();
    await shot(page, 'tasks-panel-empty');

    // Nothing filled: the spec's messages under each field, before anything is sent.
    await panel.getByTestId('new-task').click();
    const form = panel.getByTestId('task-form');
    await form.getByRole('button', { name: 'Add task' }).click();
    await form.getByText('Text must not be empty.').waitFor();
    await form.getByText('Assignee must not be empty.').waitFor();
    await form.getByText('Due date must not be empty.').waitFor();

    // A day that does not exist, then yesterday: refused with their reasons.
    await form.getByTestId('task-text').fill('Retouch the hero shot: soften the shadows under the eyes');
    await form.getByLabel('Assignee').click();
    await page.getByRole('option', { name: 'Rita Retoucher' }).click();
    const due = form.getByRole('textbox', { name: 'Due date' });
    await due.fill('31/04/2027');
    await form.getByRole('button', { name: 'Add task' }).click();
    await form.getByText(TASK_TEXTS.dueDateInvalid).waitFor();
    await due.fill(formatDayMonthYear(dayFromToday(-1)));
    await form.getByRole('button', { name: 'Add task' }).click();
    await form.getByText(TASK_TEXTS.dueDateInPast).waitFor();
    await shot(page, 'tasks-panel-form-error');

    // The calendar offers no day before today; tomorrow is picked from it.
    await form.getByRole('button', { name: 'Pick the due date from a calendar' }).click();
    const calendar = page.getByTestId('due-date-calendar');
    await calendar.waitFor();
    await shot(page, 'tasks-panel-date-picker');
    const yesterday = calendar.locator(`[data-day="${dayFromToday(-1)}"]`);
    if (await yesterday.count()) expect(await yesterday.isDisabled()).toBe(true);
    // Escape closes the calendar, not the panel; the arrow keys and Enter pick tomorrow.
    await page.keyboard.press('Escape');
    await calendar.waitFor({ state: 'hidden' });
    expect(await panel.isVisible()).toBe(true);
    await form.getByRole('button', { name: 'Pick the due date from a calendar' }).click();
    // The calendar opens with today focused; each arrow moves the focus a day.
    const focusedDay = () => page.evaluate(() => document.activeElement?.getAttribute('data-day'));
    await expect.poll(focusedDay).toBe(dayFromToday(0));
    await page.keyboard.press('ArrowRight');
    await expect.poll(focusedDay).toBe(dayFromToday(1));
    await page.keyboard.press('Enter');
    const tomorrow = dayFromToday(1);
    expect(await due.inputValue()).toBe(formatDayMonthYear(tomorrow));
    await form.getByRole('button', { name: 'Add task' }).click();
    await panel.getByTestId('task-row').first().waitFor();

    // A second task, its date typed, by the keyboard alone.
    await panel.getByTestId('new-task').click();
    // Keys go where the caret is: typed once the text box has the focus, and the assignee picked
    // once the list shows the match (as a person waits for them to appear).
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('task-text');
    await page.keyboard.type('Colour-match the lookbook spreads');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Olga');
    // The match is highlighted as it is typed; Enter picks it.
    await page.locator('[data-combobox-option][data-combobox-selected]', { hasText: 'Olga' }).waitFor();
    await page.keyboard.press('Enter');
    await expect.poll(() => panel.getByTestId('task-assignee').inputValue()).toBe('Olga Owner');
    await panel.getByRole('textbox', { name: 'Due date' }).fill(formatDayMonthYear(dayFromToday(10)));
    await panel.getByRole('textbox', { name: 'Due date' }).press('Enter');
    await expect.poll(() => panel.getByTestId('task-row').count()).toBe(2);
    await expect.poll(() => page.getByTestId('tasks-open-count').innerText()).toMatch(/^2\b/);

    // Two days later by the server's clock, the first task is overdue.
    clock.offset = 2 * DAY_MS;
    await page.reload();
    await page.getByTestId('tasks-open-count').waitFor();
    await shot(page, 'tasks-project-header');
    panel = await openTasks(page);
    const first = panel.getByTestId('task-row').filter({ hasText: 'Retouch the hero shot' });
    await first.getByTestId('task-overdue').waitFor();
    expect(await panel.getByTestId('task-overdue').count()).toBe(1);
    expect(await first.getByTestId('task-assignee-name').innerText()).toBe('Rita Retoucher');
    await shot(page, 'tasks-panel-overdue');

    // Edited in place: Enter in a field saves.
    const second = panel.getByTestId('task-row').filter({ hasText: 'Colour-match' });
    await second.hover();
    await second.getByRole('button', { name: /^Edit/ }).click();
    // Escape in the form cancels the edit and leaves the panel open.
    await panel.getByTestId('task-text').press('Escape');
    await panel.getByTestId('task-form').waitFor({ state: 'detached' });
    expect(await panel.isVisible()).toBe(true);
    await second.hover();
    await second.getByRole('button', { name: /^Edit/ }).click();
    const editing = panel.getByTestId('task-form');
    await editing.getByTestId('task-text').fill('Colour-match the lookbook spreads to the proofs');
    await editing.getByRole('button', { name: 'Save' }).click();
    // The form closes once the server has the change, and the row shows it (the text alone would
    // be found in the form's own text box, which React mirrors into its content).
    await panel.getByTestId('task-form').waitFor({ state: 'detached' });
    await panel
      .getByTestId('task-row')
      .filter({ hasText: 'Colour-match the lookbook spreads to the proofs' })
      .waitFor();

    // The connection drops as it is completed: the task goes back among the open ones.
    await page.route('**/mark_as_completed', (route) => route.abort());
    await first.getByRole('checkbox', { name: /Complete/ }).click();
    await page.locator('[data-snackbar="error"]').waitFor();
    await expect.poll(() => first.getByRole('checkbox').isChecked()).toBe(false);
    expect(await panel.getByTestId('tasks-open').getByTestId('task-row').count()).toBe(2);
    await page.unroute('**/mark_as_completed');

    // Completing it moves it to the completed group at once, and the server keeps it so.
    await first.getByRole('checkbox', { name: /Complete/ }).click();
    const completed = panel.getByTestId('tasks-completed');
    await completed.getByText('Completed').waitFor();
    expect(await panel.getByTestId('tasks-open').getByTestId('task-row').count()).toBe(1);
    await completed.getByTestId('tasks-completed-toggle').click();
    await completed.getByText('Retouch the hero shot', { exact: false }).waitFor();
    await expect
      .poll(
        async () =>
          (await call<Task[]>(page, 'GET', `/projects/${project.id}/tasks`)).filter((t) => t.completed_at)
            .length,
      )
      .toBe(1);
    expect(await completed.getByTestId('task-overdue').count()).toBe(0);
    await expect.poll(() => page.getByTestId('tasks-open-count').innerText()).toMatch(/^1\b/);
    await shot(page, 'tasks-panel-completed');

    // Reopened, it is back among the open ones, overdue again.
    await completed.getByRole('checkbox', { name: /Reopen/ }).click();
    await panel.getByTestId('tasks-open').getByTestId('task-overdue').waitFor();
    await context.close();
  });
});
