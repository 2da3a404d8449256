import type { ReactNode } from 'react';
import { ActionIcon, Menu } from '@mantine/core';
import {
  IconArchive,
  IconArchiveOff,
  IconArrowsExchange,
  IconDoorExit,
  IconDots,
  IconDownload,
  IconEye,
  IconEyeOff,
  IconFlag3,
  IconFlagOff,
  IconLink,
  IconTags,
  IconTrash,
  IconUserPlus,
  IconUserShare,
} from '@tabler/icons-react';
import type { Project } from '@common/api/projects';
import { useProjectActions } from './projectActionsContext';
import { projectActions, type ProjectActionKind } from './projectActions';
import { ACTION_TEXTS } from './projectActionTexts';

const ICONS: Record<ProjectActionKind, ReactNode> = {
  share: <IconLink size={16} />,
  invite: <IconUserPlus size={16} />,
  download: <IconDownload size={16} />,
  flag: <IconFlag3 size={16} />,
  unflag: <IconFlagOff size={16} />,
  labels: <IconTags size={16} />,
  archive: <IconArchive size={16} />,
  unarchive: <IconArchiveOff size={16} />,
  hide: <IconEyeOff size={16} />,
  unhide: <IconEye size={16} />,
  transferOwnership: <IconUserShare size={16} />,
  transferWorkspace: <IconArrowsExchange size={16} />,
  delete: <IconTrash size={16} />,
  leave: <IconDoorExit size={16} />,
};

/** Groups of the menu, split by dividers: sharing, downloading, organising, ownership, removal. */
const GROUPS: ProjectActionKind[][] = [
  ['share', 'invite'],
  ['download'],
  ['flag', 'unflag', 'labels', 'archive', 'unarchive', 'hide', 'unhide'],
  ['transferOwnership', 'transferWorkspace'],
  ['delete', 'leave'],
];

/** The '…' menu of a project card or row: every action the user may take (§2 'Project actions'). */
export function ProjectActionsMenu({
  project,
  variant = 'subtle',
}: {
  project: Project;
  variant?: 'subtle' | 'overlay';
}) {
  const { run } = useProjectActions();
  const allowed = projectActions(project);
  const groups = GROUPS.map((group) => group.filter((kind) => allowed.includes(kind))).filter(
    (g) => g.length > 0,
  );
  if (groups.length === 0) return null;

  return (
    <Menu position="bottom-end" shadow="md" width={232} withinPortal>
      <Menu.Target>
        <ActionIcon
          variant={variant === 'overlay' ? 'white' : 'subtle'}
          color="gray"
          radius="md"
          aria-label={`Actions for ${project.name}`}
          data-testid="project-actions"
          // The card is a drag handle and a link: the menu opens without starting either.
          onPointerDown={(event) => event.stopPropagation()}
          onClick={(event) => {
            event.preventDefault();
            event.stopPropagation();
          }}
        >
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown onClick={(event) => event.stopPropagation()}>
        {groups.map((group, index) => (
          <div key={group[0]}>
            {index > 0 && <Menu.Divider />}
            {group.map((kind) => (
              <Menu.Item
                key={kind}
                leftSection={ICONS[kind]}
                color={kind === 'delete' || kind === 'leave' ? 'red' : undefined}
                onClick={() => run(kind, [project])}
              >
                {ACTION_TEXTS[kind]}
              </Menu.Item>
            ))}
          </div>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
