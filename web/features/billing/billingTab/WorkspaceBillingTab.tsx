import { Stack } from '@mantine/core';
import type { Workspace } from '@common/api/workspaces';
import { BillingInformationCard } from './BillingInformationCard';
import { InvoicesCard } from './InvoicesCard';
import { PaymentMethodCard } from './PaymentMethodCard';

/** The Billing tab (owner): billing information, payment method, invoices. */
export function WorkspaceBillingTab({ workspace }: { workspace: Workspace }) {
  return (
    <Stack gap="lg">
      <BillingInformationCard workspaceId={workspace.id} />
      <PaymentMethodCard workspaceId={workspace.id} />
      <InvoicesCard workspaceId={workspace.id} />
    </Stack>
  );
}
