import type { Page } from 'playwright-core';
import type { Folder, Project } from '@common/api/projects';
import type { Workspace } from '@common/api/workspaces';
import type { E2eApp } from './harness';
import { waitForMail, type TestUser } from './journeys';

/** Prices of the shipped catalogue: the free trial and Team monthly. */
export const PRICES = { trial: 201, teamMonthly: 301 } as const;

/**
 * A call with the session of a page or a browser context (the signed-in user there); throws with
 * the answer when it fails.
 */
export async function call<T>(
  session: Pick<Page, 'request'>,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  data?: unknown,
): Promise<T> {
  const response = await session.request.fetch(`/api/v1${path}`, {
    method,
    ...(data === undefined ? {} : { data }),
  });
  const body = (await response.json().catch(() => ({}))) as { response: T };
  if (!response.ok())
    throw new Error(`${method} ${path} answered ${response.status()}: ${JSON.stringify(body)}`);
  return body.response;
}

/** 'Pro Plan' without a card: a free-trial workspace. */
export const trialWorkspace = (session: Pick<Page, 'request'>) =>
  call<Workspace>(session, 'POST', '/workspaces', { price_id: PRICES.trial });

const BILLING_INFORMATION = {
  country: 'US',
  state: 'NY',
  postal_code: '10001',
  address: '1 Main Street',
  city: 'New York',
  company_name: 'Acme Studio',
};

/** A Team Plan workspace paid with a sandbox card. */
export async function teamWorkspace(session: Pick<Page, 'request'>): Promise<Workspace> {
  const card = await call<{ id: string }>(session, 'POST', '/sandbox/payment_methods', {
    card: { number: '4242424242424242', exp_month: 12, exp_year: new Date().getFullYear() + 3, cvc: '123' },
    billing_details: { name: 'Olga Owner' },
  });
  return call<Workspace>(session, 'POST', '/workspaces', {
    price_id: PRICES.teamMonthly,
    payment_method_id: card.id,
    billing_information: BILLING_INFORMATION,
  });
}

export const createProject = (page: Page, workspaceId: number, body: Record<string, unknown>) =>
  call<Project>(page, 'POST', '/projects', { workspace_id: workspaceId, ...body });

export const createFolder = (page: Page, projectId: number, name: string) =>
  call<Folder>(page, 'POST', `/projects/${projectId}/folders`, { name });

const INVITATION_SUBJECTS = { workspace: /invited you to join/, project: /invited you to the project/ };

/** The link of the newest workspace or project invitation e-mail to `email`. */
export async function invitationLink(
  app: E2eApp,
  email: string,
  after: number,
  kind: 'workspace' | 'project' = 'workspace',
): Promise<string> {
  const mail = await waitForMail(app, email, INVITATION_SUBJECTS[kind], after);
  const link = new RegExp(`https?://\\S+/${kind}s/invitations/[^\\s"<>]+`).exec(mail.text)?.[0];
  if (!link) throw new Error(`No ${kind} invitation link in: ${mail.text}`);
  return link;
}

export const projectInvitationLink = (app: E2eApp, email: string, after: number) =>
  invitationLink(app, email, after, 'project');

/** A DataTransfer with one file, to drag over a page. */
export async function fileDrag(page: Page) {
  return page.evaluateHandle(() => {
    const transfer = new DataTransfer();
    transfer.items.add(new File(['x'], 'moodboard.png', { type: 'image/png' }));
    return transfer;
  });
}

/** Puts another user into the project (and its workspace as a collaborator) straight in the database. */
export async function addMember(
  app: E2eApp,
  project: Project,
  user: TestUser,
  role: 'collaborator' | 'viewer',
) {
  const row = await app.ctx.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', user.email.toLowerCase())
    .executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  await app.ctx.db
    .insertInto('workspace_members')
    .values({ workspace_id: project.workspace_id, user_id: row.id, role: 'collaborator', created_at: now })
    .execute();
  await app.ctx.db
    .insertInto('project_members')
    .values({ project_id: project.id, user_id: row.id, role, created_at: now })
    .execute();
}
