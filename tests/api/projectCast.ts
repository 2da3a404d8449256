import type { AppContext } from '@server/context';
import { ApiClient, type Json } from './harness';
import { buildMember, buildTeam } from './memberFactories';
import { buildProject, buildProjectMember } from './projectFactories';

/** The kinds of caller every project-side permission table walks, in the order of its columns. */
export const PROJECT_CALLERS = [
  'owner',
  'collaborator',
  'viewer',
  'workspaceAdmin',
  'workspaceOwner',
  'stranger',
  'anonymous',
] as const;
export type ProjectCaller = (typeof PROJECT_CALLERS)[number];

/**
 * Everyone a project-side permission test needs: a project in a Team workspace created by a
 * workspace admin (its project owner), a project collaborator and a viewer, another workspace admin
 * and the workspace owner who are not in the project, a signed-in stranger and an anonymous client.
 */
export async function buildProjectCast(baseUrl: string, ctx: AppContext) {
  const team = await buildTeam(baseUrl, ctx);
  const project: Json = await buildProject(team.admin.client, team.workspace.id);
  const collaborator = await buildProjectMember(baseUrl, ctx, project.id, 'collaborator');
  const viewer = await buildProjectMember(baseUrl, ctx, project.id, 'viewer');
  const otherAdmin = await buildMember(baseUrl, ctx, team.workspace.id, 'admin');
  return {
    team,
    workspace: team.workspace,
    project,
    owner: { user: team.admin.user, client: team.admin.client },
    collaborator,
    viewer,
    workspaceAdmin: otherAdmin,
    workspaceOwner: team.owner,
    stranger: team.outsider,
    anonymous: { client: new ApiClient(baseUrl) },
  };
}

export type ProjectCast = Awaited<ReturnType<typeof buildProjectCast>>;
