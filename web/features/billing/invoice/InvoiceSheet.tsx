import { Anchor, Badge, Button, Divider, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { InvoiceDetail } from '@common/api/billing';
import { countryName } from '@common/billing/countries';
import { formatDollars } from '@common/plans';
import { Logo } from '@web/components/Logo/Logo';
import { SUPPORT_EMAIL, workspacePath } from '@web/features/workspaces';
import { formatInvoiceDate } from '../formats';
import classes from './InvoiceSheet.module.css';

const STATUS_LABEL: Record<InvoiceDetail['status'], string> = {
  paid: 'Paid',
  failed: 'Payment failed',
  open: 'Open',
};
const STATUS_COLOR: Record<InvoiceDetail['status'], string> = { paid: 'teal', failed: 'red', open: 'gray' };

/** The printable invoice: who is billed, date and status, its lines and total; back and print above it. */
export function InvoiceSheet({ invoice }: { invoice: InvoiceDetail }) {
  const info = invoice.billing_information;
  const number = `INV-${String(invoice.id).padStart(6, '0')}`;
  return (
    <>
      <Group justify="space-between" className={classes.toolbar}>
        <Anchor component={Link} to={workspacePath(invoice.workspace.id, 'billing')} size="sm">
          <Group gap={6}>
            <IconArrowLeft size={16} />
            Back to billing
          </Group>
        </Anchor>
        <Button leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
          Print
        </Button>
      </Group>
      <article className={classes.sheet} data-testid="invoice-sheet">
        <Group justify="space-between" align="flex-start" mb={40}>
          <Logo size={30} />
          <Stack gap={4} align="flex-end">
            <Title order={1}>Invoice</Title>
            <Text c="dimmed" size="sm">
              {number}
            </Text>
          </Stack>
        </Group>
        <SimpleGrid cols={2} spacing={40} mb={40}>
          <Stack gap={4}>
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" lts={0.6}>
              Billed to
            </Text>
            <Text fw={600}>{info?.company_name || invoice.workspace.name}</Text>
            {info?.company_name && <Text size="sm">{invoice.workspace.name}</Text>}
            {info ? (
              <>
                <Text size="sm">{info.address}</Text>
                <Text size="sm">
                  {info.city}, {info.state} {info.postal_code}
                </Text>
                <Text size="sm">{countryName(info.country) ?? info.country}</Text>
              </>
            ) : (
              <Text size="sm" c="dimmed">
                No billing information given.
              </Text>
            )}
          </Stack>
          <Stack gap={8} align="flex-end">
            <Group gap="sm">
              <Text size="sm" c="dimmed">
                Date
              </Text>
              <Text size="sm" fw={600} data-testid="invoice-date">
                {formatInvoiceDate(invoice.created_at)}
              </Text>
            </Group>
            <Group gap="sm">
              <Text size="sm" c="dimmed">
                Status
              </Text>
              <Badge variant="light" color={STATUS_COLOR[invoice.status]} radius="sm">
                {STATUS_LABEL[invoice.status]}
              </Badge>
            </Group>
          </Stack>
        </SimpleGrid>
        <Table className={classes.lines} horizontalSpacing={0} withRowBorders>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Description</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(invoice.lines.length
              ? invoice.lines
              : [{ description: invoice.detail, amount: invoice.amount }]
            ).map((line, index) => (
              <Table.Tr key={index}>
                <Table.Td>{line.description}</Table.Td>
                <Table.Td ta="right" ff="monospace">
                  {formatDollars(line.amount)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group justify="flex-end" mt="md">
          <Group gap={40} className={classes.total} pt="sm">
            <Text fw={700}>Total (USD)</Text>
            <Text fw={700} ff="monospace" data-testid="invoice-total">
              {formatDollars(invoice.amount)}
            </Text>
          </Group>
        </Group>
        <Divider my={40} />
        <Text size="xs" c="dimmed">
          Proofroom · Thank you for your business. Questions about this invoice: {SUPPORT_EMAIL}
        </Text>
      </article>
    </>
  );
}
