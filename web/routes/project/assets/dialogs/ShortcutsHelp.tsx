import { Fragment } from 'react';
import { Kbd, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { SHORTCUT_GROUPS, SHORTCUTS_NOTE } from '@common/assetGrid/shortcuts';
import { ProjectModal } from '@web/components/projects/ProjectModal';
import classes from './dialogs.module.css';

/** '?': every key of the grid's keyboard mode, from the same table the keys are read from. */
export function ShortcutsHelp({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <ProjectModal title="Keyboard shortcuts" opened={opened} onClose={onClose} size={820}>
      <Stack gap="lg" data-testid="shortcuts-help">
        <Text size="sm" c="dimmed">
          Click a tile or tab to the grid, then review without the mouse. {SHORTCUTS_NOTE}
        </Text>
        <SimpleGrid cols={2} spacing={48} verticalSpacing="xl">
          {SHORTCUT_GROUPS.map((group) => (
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
