// replaced by the plan/billing work
import { Loader } from '@mantine/core';
import type { Workspace } from '@common/api/workspaces';

/** The Plan tab of a workspace (Plan Detail, plan modal): built by the plan/billing work. */
export function WorkspacePlanTab({ workspace }: { workspace: Workspace }) {
  return <Loader size="sm" aria-label={`Plan of ${workspace.name}`} />;
}
