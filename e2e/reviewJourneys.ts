import sharp from 'sharp';
import { expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { AssetView } from '@common/api/assets';
import { newPage, type E2eApp } from './harness';
import { makeUser, signUpInSession } from './journeys';
import { landscape } from './landscapes';
import { addMember, createProject, trialWorkspace } from './projectJourneys';

/** A landscape picture (`variant` picks its colours) uploaded as a new asset of the project. */
export async function uploadPicture(
  page: Page,
  projectId: number,
  picture: { name: string; variant: number; width: number; height: number },
): Promise<AssetView> {
  const buffer = await sharp(await landscape(picture.variant))
    .resize(picture.width, picture.height)
    .jpeg({ quality: 85 })
    .toBuffer();
  const answer = await page.request.post('/api/v1/assets', {
    multipart: {
      project_id: String(projectId),
      file: { name: picture.name, mimeType: 'image/jpeg', buffer },
    },
  });
  expect(answer.status()).toBe(201);
  return ((await answer.json()) as { response: AssetView }).response;
}

/** The picture is on the stage, drawn from its preview or its tiles. */
export async function pictureShown(page: Page) {
  await page.waitForFunction(
    () => {
      const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="viewer-canvas"]');
      return canvas?.dataset.shown === 'preview' || canvas?.dataset.shown === 'tiles';
    },
    undefined,
    { timeout: 20_000 },
  );
}

/**
 * A freehand stroke across the stage from `from` to `to` (shares of the stage box) in `steps`
 * pointer moves, bowed up by `bend` of the stage's height in its middle.
 */
export async function drawStroke(
  page: Page,
  from: [number, number],
  to: [number, number],
  { steps = 20, bend = 0 }: { steps?: number; bend?: number } = {},
) {
  const box = (await page.getByTestId('viewer-stage').boundingBox())!;
  const at = (fx: number, fy: number) => [box.x + box.width * fx, box.y + box.height * fy] as const;
  await page.mouse.move(...at(...from));
  await page.mouse.down();
  for (let i = 1; i <= steps; i++) {
    const t = i / steps;
    const bow = Math.sin(t * Math.PI) * bend;
    await page.mouse.move(...at(from[0] + (to[0] - from[0]) * t, from[1] + (to[1] - from[1]) * t - bow));
  }
  await page.mouse.up();
}

/**
 * The cast of the comment journeys: Olga Owner signed up in her own browser context with a trial
 * workspace, a project and a picture in it (its previews made), and Cole Collaborator in another,
 * a collaborator of the project.
 */
export async function ownerAndCollaboratorOnPicture(
  env: { app: E2eApp; browser: Browser },
  projectName: string,
  picture: Parameters<typeof uploadPicture>[2],
) {
  const ownerSide = await newPage(env.browser, env.app);
  const page = ownerSide.page;
  await signUpInSession(page, makeUser({ name: 'Olga Owner' }));
  const workspace = await trialWorkspace(page);
  const project = await createProject(page, workspace.id, { name: projectName });
  const asset = await uploadPicture(page, project.id, picture);
  await env.app.ctx.jobs.idle();
  const collabSide = await newPage(env.browser, env.app);
  const collaborator = makeUser({ name: 'Cole Collaborator' });
  await signUpInSession(collabSide.page, collaborator);
  await addMember(env.app, project, collaborator, 'collaborator');
  return { ownerSide, page, project, asset, collabSide };
}
