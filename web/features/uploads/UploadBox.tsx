import { ActionIcon, Button, EmptyState, Group, Progress, Stack, Text } from '@mantine/core';
import { IconCloudUpload, IconUpload, IconX } from '@tabler/icons-react';
import { groupUploads } from '@common/uploads/uploadGroups';
import { activeCount } from '@common/uploads/uploadQueue';
import { UPLOAD_BOX_TEXTS, uploadingHeader } from '@common/uploads/uploadTexts';
import { averageProgress, timeLeftText, totalSecondsLeft } from '@common/uploads/uploadTiming';
import { UploadGroupSection } from './UploadGroupSection';
import type { UploadSnapshot } from './uploadStore';
import { useNow } from './useNow';
import classes from './UploadBox.module.css';

/**
 * The Upload Box (projects-side §2): 'Uploading N file(s)...', the average progress and the time
 * left for everything, the uploads grouped by project, 'Cancel All'; when empty, 'No files are
 * being uploaded' and, with a project on screen, 'Upload Now'.
 */
export function UploadBox({
  snapshot,
  onClose,
  onPick,
  onCancel,
  onCancelAll,
  onClear,
}: {
  snapshot: UploadSnapshot;
  onClose: () => void;
  /** Opens the file dialog for the project on screen; absent when there is none. */
  onPick: (() => void) | null;
  onCancel: (id: string) => void;
  onCancelAll: () => void;
  onClear: () => void;
}) {
  const { records } = snapshot;
  const active = activeCount(records);
  const now = useNow(active > 0);
  const counted = records.filter((r) => r.state !== 'aborted');
  const uploadNow = onPick && (
    <Button leftSection={<IconUpload size={16} />} onClick={onPick} size="sm">
      {UPLOAD_BOX_TEXTS.uploadNow}
    </Button>
  );

  return (
    <div className={classes.box} data-testid="upload-box">
      <div className={classes.header}>
        <Stack gap={2} miw={0}>
          <Text fw={650} size="md">
            {UPLOAD_BOX_TEXTS.title}
          </Text>
          {records.length > 0 && (
            <Text size="sm" c="dimmed" data-testid="upload-box-status" aria-live="polite">
              {active > 0 ? uploadingHeader(active) : UPLOAD_BOX_TEXTS.allDone}
            </Text>
          )}
        </Stack>
        <ActionIcon variant="subtle" color="gray" onClick={onClose} aria-label="Close Upload Box">
          <IconX size={18} />
        </ActionIcon>
      </div>

      {records.length === 0 ? (
        <EmptyState
          className={classes.empty}
          icon={<IconCloudUpload size={26} />}
          title={UPLOAD_BOX_TEXTS.empty}
          description={onPick ? 'Pick images and documents to add them to this project.' : undefined}
          variant="light"
          size="sm"
          data-testid="upload-box-empty"
        >
          {uploadNow && <EmptyState.Actions>{uploadNow}</EmptyState.Actions>}
        </EmptyState>
      ) : (
        <>
          <div className={classes.summary}>
            <Group justify="space-between" gap="sm" mb={8} wrap="nowrap">
              <Text size="xs" fw={600} c="dimmed" data-testid="upload-time-left">
                {active > 0
                  ? timeLeftText(totalSecondsLeft(records, now))
                  : `${averageProgress(counted)}% done`}
              </Text>
              <Button
                variant="subtle"
                color="red"
                size="compact-sm"
                disabled={active === 0}
                onClick={onCancelAll}
              >
                {UPLOAD_BOX_TEXTS.cancelAll}
              </Button>
            </Group>
            <Progress
              value={averageProgress(counted)}
              size={6}
              radius="xl"
              aria-label="All uploads"
              data-testid="upload-average"
            />
          </div>
          <div className={classes.scroll}>
            {groupUploads(records).map((group) => (
              <UploadGroupSection key={group.projectId} group={group} now={now} onCancel={onCancel} />
            ))}
          </div>
          {(onPick || active === 0) && (
            <div className={classes.footer}>
              {active === 0 ? (
                <Button variant="subtle" color="gray" size="compact-sm" onClick={onClear}>
                  {UPLOAD_BOX_TEXTS.clear}
                </Button>
              ) : (
                <span />
              )}
              {onPick && (
                <Button
                  variant="light"
                  size="compact-sm"
                  leftSection={<IconUpload size={14} />}
                  onClick={onPick}
                >
                  {UPLOAD_BOX_TEXTS.uploadNow}
                </Button>
              )}
            </div>
          )}
        </>
      )}
    </div>
  );
}
