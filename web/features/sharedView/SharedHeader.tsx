import type { ReactNode } from 'react';
import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconEye, IconMessageCircle } from '@tabler/icons-react';
import type { SharedProject } from '@common/api/projects';

/**
 * The shared project's name (or the folder's), where a folder or selection comes from, who shares
 * it, and what the link allows; `actions` on the right.
 */
export function SharedHeader({
  project,
  title,
  context,
  actions,
}: {
  project: SharedProject;
  title?: string;
  /** Said before 'Shared by …' ('A folder of Summer Catalogue'). */
  context?: string | null;
  actions?: ReactNode;
}) {
  return (
    <Group gap="lg" wrap="nowrap" mb="xl" align="center">
      {project.cover_url && (
        <img
          src={project.cover_url}
          alt=""
          style={{ width: 96, aspectRatio: '16 / 10', objectFit: 'cover', borderRadius: 10, flexShrink: 0 }}
        />
      )}
      <Stack gap={6} miw={0}>
        <Title order={1} lineClamp={2} style={{ wordBreak: 'break-word' }} data-testid="shared-title">
          {title ?? project.name}
        </Title>
        <Group gap="sm">
          <Text size="sm" c="dimmed" data-testid="shared-context">
            {context ? `${context} · ` : ''}Shared by {project.workspace.name}
          </Text>
          {project.link.kind === 'review' ? (
            <Badge
              variant="light"
              color="brand"
              radius="sm"
              tt="none"
              leftSection={<IconMessageCircle size={12} />}
              data-testid="shared-review-badge"
            >
              Review: comments and decisions
            </Badge>
          ) : (
            <Badge
              variant="light"
              color={project.allows_downloads ? 'teal' : 'gray'}
              radius="sm"
              tt="none"
              leftSection={project.allows_downloads ? <IconDownload size={12} /> : <IconEye size={12} />}
            >
              {project.allows_downloads ? 'Downloads allowed' : 'View only'}
            </Badge>
          )}
          {project.link.kind === 'review' && project.allows_downloads && (
            <Badge
              variant="light"
              color="teal"
              radius="sm"
              tt="none"
              leftSection={<IconDownload size={12} />}
            >
              Downloads allowed
            </Badge>
          )}
        </Group>
      </Stack>
      {actions && <Group ml="auto">{actions}</Group>}
    </Group>
  );
}
