import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { AssetView } from '@common/api/assets';
import { DOWNLOAD_TEXTS } from '@common/api/downloads';
import type { Project } from '@common/api/projects';
import { newPage, shot, useAppAndBrowser } from './harness';
import {
  closeSnackbars,
  expectSnackbar,
  logInInUi,
  makeUser,
  signUpInSession,
  signUpViaApi,
} from './journeys';
import { landscape } from './landscapes';
import { addMember, createFolder, createProject, trialWorkspace } from './projectJourneys';
import { zipEntries } from './zipEntries';

const env = useAppAndBrowser();

/** POST /assets, multipart: the place first, then the file (the server checks before storing). */
async function upload(page: Page, project: Project, folderId: number | null, name: string, n: number) {
  const place: Record<string, string> = folderId === null ? {} : { folder_id: String(folderId) };
  const response = await page.request.post('/api/v1/assets', {
    multipart: {
      project_id: String(project.id),
      ...place,
      file: { name, mimeType: 'image/jpeg', buffer: await landscape(n) },
    },
  });
  const json = (await response.json()) as { response: AssetView };
  if (!response.ok()) throw new Error(`upload ${name}: ${response.status()} ${JSON.stringify(json)}`);
}

const card = (page: Page, name: string) => page.getByTestId('project-card').filter({ hasText: name });
const folderCard = (page: Page, name: string) => page.getByTestId('folder-card').filter({ hasText: name });
const ROOT = ['DSC_1001.jpg', 'DSC_1002.jpg', 'DSC_1003.jpg'];
const SELECTS = ['DSC_2001.jpg', 'DSC_2002.jpg'];

/** An owner with 'Autumn Lookbook': three photographs at its root, two in 'Final selects'. */
async function ownerWithLookbook() {
  const { context, page } = await newPage(env.browser, env.app);
  await signUpInSession(page, makeUser({ name: 'Rita Retoucher' }));
  const workspace = await trialWorkspace(page);
  const project = await createProject(page, workspace.id, { name: 'Autumn Lookbook', client_name: 'Acme' });
  const folder = await createFolder(page, project.id, 'Final selects');
  for (const [i, name] of ROOT.entries()) await upload(page, project, null, name, i);
  for (const [i, name] of SELECTS.entries()) await upload(page, project, folder.id, name, i + 5);
  return { context, page, project };
}

describe('project and folder downloads', () => {
  it('downloads a whole project and one folder as zips, for every member', async () => {
    const { context, page, project } = await ownerWithLookbook();

    // The project, from its menu on the project list: the dialog names what the zip holds.
    await page.goto('/projects');
    await card(page, 'Autumn Lookbook').getByTestId('project-actions').click();
    await page.getByRole('menuitem', { name: 'Download Project' }).click();
    const projectDialog = page.getByRole('dialog', { name: 'Download Project' });
    await projectDialog.getByText('All assets of Autumn Lookbook, folders included, as one zip').waitFor();
    expect(await projectDialog.getByRole('radio', { name: /Original/ }).isChecked()).toBe(true);
    // No all-rounds choice for a place: only the image size and the round number.
    expect(await projectDialog.getByRole('checkbox').count()).toBe(1);
    await shot(page, 'project-download-dialog');

    const projectZip = page.waitForEvent('download');
    await projectDialog.getByRole('button', { name: 'Download' }).click();
    const box = page.getByTestId('zip-box');
    await box.getByText(DOWNLOAD_TEXTS.zipping).waitFor();
    await box.getByText('Autumn Lookbook').waitFor();
    const projectFile = await projectZip;
    expect(projectFile.suggestedFilename()).toBe('Autumn Lookbook.zip');
    await expectSnackbar(page, DOWNLOAD_TEXTS.projectDownloading);
    expect(await zipEntries(projectFile)).toEqual([
      ...ROOT,
      'Final selects/',
      ...SELECTS.map((name) => `Final selects/${name}`),
    ]);
    await closeSnackbars(page);

    // The project page's own Download button offers the same.
    await page.goto(`/projects/${project.id}`);
    await page.getByTestId('project-download').click();
    await page
      .getByRole('dialog', { name: 'Download Project' })
      .getByText('All assets of Autumn Lookbook, folders included, as one zip')
      .waitFor();
    await page.keyboard.press('Escape');

    // One folder, from its card's menu on the project page, with round numbers (an unretouched
    // project starts at R0): its files alone.
    await folderCard(page, 'Final selects')
      .getByRole('button', { name: 'Actions for Final selects' })
      .click();
    await page.getByRole('menuitem', { name: 'Download' }).click();
    const folderDialog = page.getByRole('dialog', { name: 'Download Folder' });
    await folderDialog.getByText('All assets of the folder Final selects as one zip').waitFor();
    await folderDialog.getByRole('checkbox', { name: 'Add the round number to file names' }).check();
    const folderZip = page.waitForEvent('download');
    await folderDialog.getByRole('button', { name: 'Download' }).click();
    const folderFile = await folderZip;
    expect(folderFile.suggestedFilename()).toBe('Final selects.zip');
    expect(await zipEntries(folderFile)).toEqual(['DSC_2001_R0.jpg', 'DSC_2002_R0.jpg']);
    // Not the whole project: no project snackbar.
    await page.getByTestId('zip-box').waitFor({ state: 'hidden' });
    expect(await page.getByText(DOWNLOAD_TEXTS.projectDownloading).count()).toBe(0);
    await context.close();

    // A collaborator and a viewer may download too; the viewer's folder menu holds only that (a
    // collaborator may also share the folder by link).
    for (const role of ['collaborator', 'viewer'] as const) {
      const member = makeUser({ name: role === 'viewer' ? 'Vera Viewer' : 'Carl Collaborator' });
      await signUpViaApi(env.app, member);
      await addMember(env.app, project, member, role);
      const other = await newPage(env.browser, env.app);
      await logInInUi(other.page, member);
      await card(other.page, 'Autumn Lookbook').getByTestId('project-actions').click();
      await other.page.getByRole('menuitem', { name: 'Download Project' }).waitFor();
      await other.page.keyboard.press('Escape');
      await other.page.goto(`/projects/${project.id}`);
      await folderCard(other.page, 'Final selects')
        .getByRole('button', { name: /^Actions for/ })
        .click();
      const items = await other.page.getByRole('menuitem').allInnerTexts();
      expect(items).toEqual(
        role === 'viewer' ? ['Download'] : ['Rename', 'Download', 'Share link…', 'Delete'],
      );
      await other.context.close();
    }
  });
});
