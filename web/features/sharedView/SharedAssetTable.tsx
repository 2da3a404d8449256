import { Anchor, Group, Paper, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { SharedAsset } from '@common/api/sharedAssets';
import { SharedAssetPreview } from './SharedAssetPreview';
import { roundFacts } from '@web/features/sharing';
import classes from './SharedAssets.module.css';

/** The shared assets in the list view (?mode=list): a small preview, the name, type and size. */
export function SharedAssetTable({
  assets,
  linkTo,
}: {
  assets: readonly SharedAsset[];
  linkTo: (asset: SharedAsset) => string;
}) {
  return (
    <Paper withBorder data-testid="shared-asset-table">
      <Table verticalSpacing="xs" horizontalSpacing="md" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Asset</Table.Th>
            <Table.Th w={110}>Type</Table.Th>
            <Table.Th w={180}>Details</Table.Th>
            <Table.Th w={120}>Size</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {assets.map((asset) => {
            const facts = roundFacts(asset.kind, asset.current_version);
            return (
              <Table.Tr key={asset.id} data-testid="shared-asset-row" data-asset-id={asset.id}>
                <Table.Td>
                  <Group gap="sm" wrap="nowrap">
                    <div className={classes.rowThumb}>
                      <SharedAssetPreview asset={asset} compact />
                    </div>
                    <Anchor
                      component={Link}
                      to={linkTo(asset)}
                      fw={600}
                      size="sm"
                      c="var(--mantine-color-text)"
                      title={asset.name}
                      data-testid="shared-asset-name"
                    >
                      {asset.name}
                    </Anchor>
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{facts.type}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c="dimmed">
                    {facts.extent ?? '—'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c="dimmed">
                    {facts.size}
                  </Text>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
