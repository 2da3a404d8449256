import { Anchor, Badge, Button, Center, Group, Loader, Table, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import type { Invoice } from '@common/api/billing';
import { formatDollars } from '@common/plans';
import { useInvoices } from '../api/billing';
import { formatInvoiceDate } from '../formats';
import { LoadError } from '@web/components/page/LoadError';
import { SettingsCard } from '@web/components/settings/SettingsCard';

const STATUS: Record<Invoice['status'], { label: string; color: string }> = {
  paid: { label: 'Paid', color: 'teal' },
  failed: { label: 'Failed', color: 'red' },
  open: { label: 'Open', color: 'gray' },
};

/** Invoices, newest first, a page at a time ('Load more' while the server has more). */
export function InvoicesCard({ workspaceId }: { workspaceId: number }) {
  const query = useInvoices(workspaceId);
  if (query.isError) return <LoadError onRetry={() => void query.refetch()} />;
  const invoices = query.data?.pages.flatMap((page) => page.invoices) ?? [];

  return (
    <SettingsCard
      title="Invoices"
      description="Every charge of this workspace, with a printable invoice."
      testId="invoices"
    >
      {query.isPending ? (
        <Center py="md">
          <Loader size="sm" />
        </Center>
      ) : invoices.length === 0 ? (
        <Text c="dimmed" size="sm">
          No invoices yet.
        </Text>
      ) : (
        <>
          <Table verticalSpacing="sm" horizontalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>Detail</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {invoices.map((invoice) => (
                <Table.Tr key={invoice.id} data-testid="invoice-row">
                  <Table.Td>{formatInvoiceDate(invoice.created_at)}</Table.Td>
                  <Table.Td>{invoice.detail}</Table.Td>
                  <Table.Td ta="right" ff="monospace">
                    {formatDollars(invoice.amount)}
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={STATUS[invoice.status].color} radius="sm">
                      {STATUS[invoice.status].label}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Anchor href={invoice.invoice_url} target="_blank" rel="noreferrer" size="sm">
                      <Group gap={4} wrap="nowrap" justify="flex-end">
                        View
                        <IconExternalLink size={14} />
                      </Group>
                    </Anchor>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {query.hasNextPage && (
            <Group justify="center">
              <Button
                variant="default"
                onClick={() => void query.fetchNextPage()}
                loading={query.isFetchingNextPage}
              >
                Load more
              </Button>
            </Group>
          )}
        </>
      )}
    </SettingsCard>
  );
}
