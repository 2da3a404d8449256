import { useRef, useState } from 'react';
import { Box, Button, Group, Stack, Text } from '@mantine/core';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { PROJECT_TEXTS, type Project } from '@common/api/projects';
import { isApiError } from '@web/api/client';
import { useProjectCover } from '@web/features/projects/api/project';
import { snackbar } from '@web/components/snackbar/snackbar';
import { coverGradient, initialsOf } from '@web/features/projects/list/projectFormat';
import { coverFile } from './coverFile';

export const COVER_TEXTS = {
  hint: 'JPG, PNG or GIF, up to 10 MB. Shown on the project card.',
  changed: 'The project cover was updated.',
  removed: 'The project cover was removed.',
} as const;

/** The cover as it is now, or the project's initials on its colour. */
function CoverPreview({ project }: { project: Project }) {
  return (
    <Box
      w={176}
      style={{
        aspectRatio: '16 / 10',
        borderRadius: 'var(--mantine-radius-md)',
        overflow: 'hidden',
        flexShrink: 0,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: project.cover_url ? 'var(--mantine-color-gray-1)' : coverGradient(project.id),
      }}
      data-testid="cover-preview"
    >
      {project.cover_url ? (
        <img
          src={project.cover_url}
          alt="Project cover"
          style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
        />
      ) : (
        <Text fw={700} fz={26} c="rgba(255,255,255,0.92)" aria-hidden>
          {initialsOf(project.name)}
        </Text>
      )}
    </Box>
  );
}

/** Upload or remove the cover; each applies at once, apart from the form's Save. */
export function ProjectCoverField({ project, editable }: { project: Project; editable: boolean }) {
  const { upload, remove } = useProjectCover(project.id);
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);

  function pick(file: File | undefined) {
    if (!file) return;
    const refused = coverFile.problem(file);
    setProblem(refused);
    if (refused) return;
    upload.mutate(file, {
      onSuccess: () => snackbar.success({ title: COVER_TEXTS.changed }),
      onError: (error) =>
        isApiError(error, 'invalid_record')
          ? setProblem(error.fieldMessages('file')[0] ?? error.message)
          : snackbar.error({ title: isApiError(error) ? error.message : PROJECT_TEXTS.generic }),
    });
  }

  return (
    <Group gap="lg" wrap="nowrap" align="center">
      <CoverPreview project={project} />
      <Stack gap={8}>
        <Text size="md" fw={600}>
          Cover
        </Text>
        {editable && (
          <Group gap="xs">
            <Button
              size="xs"
              variant="default"
              leftSection={<IconPhotoUp size={14} />}
              loading={upload.isPending}
              onClick={() => input.current?.click()}
            >
              {project.cover_url ? 'Change cover' : 'Upload cover'}
            </Button>
            {project.cover_url && (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={14} />}
                loading={remove.isPending}
                onClick={() =>
                  remove.mutate(undefined, {
                    onSuccess: () => snackbar.success({ title: COVER_TEXTS.removed }),
                    onError: () => snackbar.error({ title: PROJECT_TEXTS.generic }),
                  })
                }
              >
                Remove
              </Button>
            )}
            <input
              ref={input}
              type="file"
              accept={coverFile.accept}
              hidden
              aria-label="Cover file"
              data-testid="cover-input"
              onChange={(event) => {
                pick(event.currentTarget.files?.[0]);
                event.currentTarget.value = '';
              }}
            />
          </Group>
        )}
        <Text size="xs" c={problem ? 'red' : 'dimmed'} data-testid="cover-hint">
          {problem ?? COVER_TEXTS.hint}
        </Text>
      </Stack>
    </Group>
  );
}
