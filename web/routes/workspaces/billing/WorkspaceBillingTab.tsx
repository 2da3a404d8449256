// replaced by the plan/billing work
import { Loader } from '@mantine/core';
import type { Workspace } from '@common/api/workspaces';

/** The Billing tab of a workspace (billing information, payment method, invoices): built by the plan/billing work. */
export function WorkspaceBillingTab({ workspace }: { workspace: Workspace }) {
  return <Loader size="sm" aria-label={`Billing of ${workspace.name}`} />;
}
