import { Button, Group, Stack, Text } from '@mantine/core';
import type { Project } from '@common/api/projects';
import { can } from '@common/projectRoles';
import { projectLabelOwner, LabelManager } from '@web/features/labels';
import { actorOf } from '@web/features/projects/actions/projectActions';

export const PROJECT_LABELS_TEXTS = {
  intro: 'The labels the assets of this project can carry, in the order they are offered.',
  dragHint: 'Drag a label by its handle to change the order.',
  readOnly: 'Only the project owner and collaborators can change these labels.',
  empty: 'This project has no labels.',
} as const;

/** The project's own labels (GET /projects/{id}/labels) with the project's labels capabilities. */
export function ProjectLabelsSettings({ project, onClose }: { project: Project; onClose: () => void }) {
  const actor = actorOf(project);
  const sortable = can(actor, 'labels.order');
  return (
    <Stack gap="lg" data-testid="project-labels-settings">
      <Text size="sm" c="dimmed">
        {PROJECT_LABELS_TEXTS.intro} {sortable && PROJECT_LABELS_TEXTS.dragHint}
      </Text>
      <LabelManager
        owner={projectLabelOwner(project.id)}
        editable={can(actor, 'labels.edit')}
        sortable={sortable}
        emptyText={PROJECT_LABELS_TEXTS.empty}
        readOnlyText={PROJECT_LABELS_TEXTS.readOnly}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
      </Group>
    </Stack>
  );
}
