import type { ReactNode } from 'react';
import { Badge, Group, Tabs, Text } from '@mantine/core';
import { IconFolder, IconLayoutGrid, IconPhoto } from '@tabler/icons-react';
import { ProjectModal } from '@web/components/modal/ProjectModal';
import { useShareLinks } from './api/shareLinks';
import type { LinkTarget } from './linkDraft';
import { targetLine } from './linkLabels';
import { ShareLinkForm } from './ShareLinkForm';
import { ShareLinkList } from './ShareLinkList';

export const LINK_MODAL_TEXTS = {
  title: 'Share Link',
  newTab: 'New link',
  reviewTab: 'Review link',
  listTab: 'All links',
} as const;

const TARGET_ICONS = {
  project: <IconLayoutGrid size={16} aria-hidden />,
  folder: <IconFolder size={16} aria-hidden />,
  assets: <IconPhoto size={16} aria-hidden />,
} as const;

/**
 * The tabs of both share dialogs: an optional first one (the project's public link), a new link
 * to the target, and the project's links with their count. Beside the public link (a view of the
 * whole project already) the new link is a review link unless the member picks 'View only'.
 */
export function LinkTabs({
  projectId,
  target,
  first,
  onDone,
}: {
  projectId: number;
  target: LinkTarget;
  first?: { value: string; label: string; panel: ReactNode };
  onDone: () => void;
}) {
  const newLabel = first ? LINK_MODAL_TEXTS.reviewTab : LINK_MODAL_TEXTS.newTab;
  const links = useShareLinks(projectId);
  const count = links.data?.length ?? 0;
  return (
    <Tabs defaultValue={first?.value ?? 'new'} keepMounted={false}>
      <Tabs.List mb="lg">
        {/* The dialog opens on its first tab, focused: arrows move between tabs, Tab into the panel. */}
        {first && (
          <Tabs.Tab value={first.value} data-autofocus>
            {first.label}
          </Tabs.Tab>
        )}
        <Tabs.Tab value="new" data-autofocus={first ? undefined : true}>
          {newLabel}
        </Tabs.Tab>
        <Tabs.Tab
          value="links"
          rightSection={
            count > 0 ? (
              <Badge size="sm" variant="light" color="gray" circle data-testid="share-link-count">
                {count}
              </Badge>
            ) : undefined
          }
        >
          {LINK_MODAL_TEXTS.listTab}
        </Tabs.Tab>
      </Tabs.List>
      {first && <Tabs.Panel value={first.value}>{first.panel}</Tabs.Panel>}
      <Tabs.Panel value="new">
        <ShareLinkForm
          projectId={projectId}
          target={target}
          initialKind={first ? 'review' : 'view'}
          onDone={onDone}
        />
      </Tabs.Panel>
      <Tabs.Panel value="links">
        <ShareLinkList projectId={projectId} />
      </Tabs.Panel>
    </Tabs>
  );
}

/**
 * 'Share Link' for a folder or selected assets (the folder menu, the asset menu, the selection
 * bar): a view-only or review link to them, and the project's links. Closed while `target` is null.
 */
export function ShareLinkModal({
  projectId,
  target,
  onClose,
}: {
  projectId: number;
  target: LinkTarget | null;
  onClose: () => void;
}) {
  return (
    <ProjectModal title={LINK_MODAL_TEXTS.title} opened={target !== null} onClose={onClose} size={560}>
      {target && (
        <div data-testid="share-link-modal">
          <Group gap={8} mb="md" c="dimmed" wrap="nowrap">
            {TARGET_ICONS[target.scope]}
            <Text size="sm" fw={500} c="dimmed" truncate data-testid="share-link-target">
              {targetLine(target)}
            </Text>
          </Group>
          <LinkTabs projectId={projectId} target={target} onDone={onClose} />
        </div>
      )}
    </ProjectModal>
  );
}
