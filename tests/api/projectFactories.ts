import type { CreateProjectRequest } from '@common/api/projects';
import type { ProjectRole } from '@common/projectRoles';
import type { AppContext } from '@server/context';
import { buildUser, signedIn, type BuiltUser } from './factories';
import type { ApiClient, Json } from './harness';

let sequence = 0;

/** Creates a project through POST /projects as the client's user; answers the presented project. */
export async function buildProject(
  client: ApiClient,
  workspaceId: number,
  overrides: Partial<CreateProjectRequest> = {},
): Promise<Json> {
  sequence += 1;
  const answer = await client.post('/projects', {
    name: `Project ${sequence}`,
    workspace_id: workspaceId,
    ...overrides,
  });
  if (answer.status !== 201)
    throw new Error(`project failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.response;
}

/** Writes a project membership straight to the database (permission tests); answers its id. */
export async function addProjectMember(
  ctx: AppContext,
  projectId: number,
  userId: number,
  role: ProjectRole,
): Promise<number> {
  const row = await ctx.db
    .insertInto('project_members')
    .values({ project_id: projectId, user_id: userId, role, created_at: ctx.clock.now().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A new signed-in user who is a project member with `role` (and no workspace membership). */
export async function buildProjectMember(
  baseUrl: string,
  ctx: AppContext,
  projectId: number,
  role: ProjectRole,
  user?: BuiltUser,
): Promise<{ user: BuiltUser; client: ApiClient; memberId: number }> {
  const member = user ?? (await buildUser(ctx));
  const memberId = await addProjectMember(ctx, projectId, member.id, role);
  return { user: member, client: await signedIn(baseUrl, member), memberId };
}

/** The project member row id of `userId` on the project. */
export async function projectMemberId(ctx: AppContext, projectId: number, userId: number): Promise<number> {
  const row = await ctx.db
    .selectFrom('project_members')
    .select('id')
    .where('project_id', '=', projectId)
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Activity verbs recorded on the project, oldest first. */
export async function activityActions(ctx: AppContext, projectId: number): Promise<string[]> {
  const rows = await ctx.db
    .selectFrom('activity_logs')
    .select('action')
    .where('project_id', '=', projectId)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.action);
}

/** A workspace label written straight to the database, attached to the given projects. */
export async function buildWorkspaceLabel(
  ctx: AppContext,
  workspaceId: number,
  name: string,
  attachTo: number[] = [],
): Promise<number> {
  const now = ctx.clock.now().toISOString();
  const { id } = await ctx.db
    .insertInto('labels')
    .values({
      workspace_id: workspaceId,
      project_id: null,
      name,
      custom: 1,
      base_color: '#E5484D',
      hover_color: '#C4353A',
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const projectId of attachTo)
    await ctx.db
      .insertInto('project_labels')
      .values({ project_id: projectId, label_id: id, created_at: now })
      .execute();
  return id;
}
