import { useId, useState } from 'react';
import { Collapse, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { UploadGroup } from '@common/uploads/uploadGroups';
import { UploadRow } from './UploadRow';
import classes from './UploadBox.module.css';

/** One project's uploads under its title (cut at 40), folded or unfolded by the title. */
export function UploadGroupSection({
  group,
  now,
  onCancel,
}: {
  group: UploadGroup;
  now: number;
  onCancel: (id: string) => void;
}) {
  const [open, setOpen] = useState(true);
  const listId = useId();
  const done = group.records.length - group.activeCount;
  return (
    <section className={classes.group} data-testid="upload-group" aria-label={group.fullTitle}>
      <UnstyledButton
        className={classes.groupHeader}
        onClick={() => setOpen((value) => !value)}
        aria-expanded={open}
        aria-controls={listId}
        title={group.fullTitle}
      >
        <IconChevronDown size={16} className={classes.chevron} data-open={open} aria-hidden />
        <Text size="sm" fw={600} truncate className={classes.groupTitle} data-testid="upload-group-title">
          {group.title}
        </Text>
        <Text size="xs" c="dimmed" className={classes.groupCount}>
          {done}/{group.records.length}
        </Text>
      </UnstyledButton>
      <Collapse expanded={open}>
        <ul className={classes.rows} id={listId}>
          {group.records.map((record) => (
            <UploadRow key={record.id} record={record} now={now} onCancel={onCancel} />
          ))}
        </ul>
      </Collapse>
    </section>
  );
}
