import { ActionIcon, Anchor, Group, Progress, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { IconCircleCheckFilled, IconX } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatFileSize } from '@common/uploads/fileSize';
import type { UploadRecord } from '@common/uploads/uploadRecord';
import { canCancel, progressPercent } from '@common/uploads/uploadStates';
import { rowLabel } from '@common/uploads/uploadTexts';
import { FileTypeIcon, fileLook } from '@web/components/FileTypeIcon/FileTypeIcon';
import classes from './UploadBox.module.css';

const LABEL_COLOR: Partial<Record<UploadRecord['state'], string>> = {
  succeeded: 'teal.7',
  failed: 'red.7',
};

const BAR_COLOR: Record<UploadRecord['state'], string> = {
  waiting: 'gray.4',
  uploading: 'brand',
  creating: 'brand',
  succeeded: 'teal',
  failed: 'red',
  aborted: 'gray.4',
};

/** One file: type, name, size, progress, the §2 label (or its ETA) and its cancel control. */
export function UploadRow({
  record,
  now,
  onCancel,
}: {
  record: UploadRecord;
  now: number;
  onCancel: (id: string) => void;
}) {
  const percent = progressPercent(record.state, record.bytesUploaded, record.size);
  const label = rowLabel(record, now);
  const assetTo =
    record.state === 'succeeded' && record.assetId !== null
      ? `/projects/${record.target.projectId}/assets/${record.assetId}`
      : null;
  const cancelable = canCancel(record.state) && !record.abortRequested;

  return (
    <li className={classes.row} data-testid="upload-row" data-state={record.state} data-name={record.name}>
      <ThemeIcon variant="light" color={fileLook(record.name).color} size={34} radius="md">
        <FileTypeIcon name={record.name} size={19} />
      </ThemeIcon>
      <div className={classes.rowBody}>
        <Group gap={6} wrap="nowrap" justify="space-between">
          {assetTo ? (
            <Anchor component={Link} to={assetTo} size="sm" fw={500} truncate title={record.name} c="inherit">
              {record.name}
            </Anchor>
          ) : (
            <Text size="sm" fw={500} truncate title={record.name}>
              {record.name}
            </Text>
          )}
          <Text size="xs" c="dimmed" className={classes.percent}>
            {percent}%
          </Text>
        </Group>
        <Progress
          value={percent}
          size={4}
          radius="xl"
          color={BAR_COLOR[record.state]}
          animated={record.state === 'creating'}
          aria-label={`${record.name}: ${percent}%`}
          my={6}
        />
        <Group gap={6} wrap="nowrap">
          <Text size="xs" c="dimmed">
            {formatFileSize(record.size)}
          </Text>
          <Text size="xs" c="dimmed" aria-hidden>
            ·
          </Text>
          <Text size="xs" c={LABEL_COLOR[record.state] ?? 'dimmed'} fw={500} data-testid="upload-label">
            {label}
          </Text>
        </Group>
        {record.state === 'failed' && record.error && (
          <Text size="xs" c="red.7" mt={2} lineClamp={2} data-testid="upload-error">
            {record.error}
          </Text>
        )}
      </div>
      <div className={classes.rowAction}>
        {cancelable && (
          <Tooltip label="Cancel upload" withArrow>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="md"
              radius="xl"
              aria-label={`Cancel ${record.name}`}
              onClick={() => onCancel(record.id)}
            >
              <IconX size={16} />
            </ActionIcon>
          </Tooltip>
        )}
        {record.state === 'succeeded' && (
          <IconCircleCheckFilled size={20} color="var(--mantine-color-teal-6)" aria-hidden />
        )}
      </div>
    </li>
  );
}
