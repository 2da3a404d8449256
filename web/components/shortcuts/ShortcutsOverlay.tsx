import { Fragment, type ReactNode } from 'react';
import { Kbd, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ProjectModal } from '@web/components/modal/ProjectModal';
import classes from './ShortcutsOverlay.module.css';

export interface ShortcutGroup {
  title: string;
  rows: readonly { description: string; keys: readonly string[] }[];
}

/** '?': the keys of a screen in groups, from the same tables the keys are read from. */
export function ShortcutsOverlay({
  opened,
  onClose,
  note,
  groups,
  columns,
}: {
  opened: boolean;
  onClose: () => void;
  note: ReactNode;
  groups: readonly ShortcutGroup[];
  columns: 2 | 3;
}) {
  return (
    <ProjectModal title="Keyboard shortcuts" opened={opened} onClose={onClose} size={820}>
      <Stack gap="lg" data-testid="shortcuts-help">
        <Text size="sm" c="dimmed">
          {note}
        </Text>
        <SimpleGrid cols={columns} spacing={columns === 2 ? 48 : 40} verticalSpacing="xl">
          {groups.map((group) => (
            <Stack key={group.title} gap="xs">
              <Title order={3} size="h6" tt="uppercase" c="dimmed" lts={0.4}>
                {group.title}
              </Title>
              <dl className={classes.shortcuts}>
                {group.rows.map((row) => (
                  <Fragment key={row.description}>
                    <dt>{row.description}</dt>
                    <dd className={classes.keys}>
                      {row.keys.map((key) => (
                        <Kbd key={key} size="sm">
                          {key}
                        </Kbd>
                      ))}
                    </dd>
                  </Fragment>
                ))}
              </dl>
            </Stack>
          ))}
        </SimpleGrid>
      </Stack>
    </ProjectModal>
  );
}
