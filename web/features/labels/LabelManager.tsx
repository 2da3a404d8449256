import { useState, type ReactNode } from 'react';
import { Divider, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconTag, IconTrash } from '@tabler/icons-react';
import { PROJECT_TEXTS, type Label } from '@common/api/projects';
import {
  useDeleteLabel,
  useLabels,
  useSetLabelsOrder,
  type LabelOwner,
} from '@web/features/labels/api/labels';
import { LoadError } from '@web/components/page/LoadError';
import { Popup } from '@web/components/Popup/Popup';
import { snackbar } from '@web/components/snackbar/snackbar';
import { LabelRow } from './LabelRow';
import { LABEL_TEXTS } from './labelTexts';
import { NewLabelForm } from './NewLabelForm';
import { SortableLabels } from './SortableLabels';
import classes from './LabelManager.module.css';

export interface LabelManagerProps {
  owner: LabelOwner;
  /** May create, rename, recolour and delete. */
  editable: boolean;
  /** May drag the labels into an order (project labels with labels.order). */
  sortable?: boolean;
  /** Shown when the list is empty. */
  emptyText: string;
  /** Shown to whoever may only look. */
  readOnlyText: string;
}

function DeleteLabelPopup({
  owner,
  label,
  onClose,
}: {
  owner: LabelOwner;
  label: Label | null;
  onClose: () => void;
}) {
  const remove = useDeleteLabel(owner);
  function confirm() {
    if (!label) return;
    remove.mutate(label.id, {
      onSuccess: () => {
        snackbar.success({ title: PROJECT_TEXTS.labelDeleted });
        onClose();
      },
      onError: () => snackbar.error({ title: PROJECT_TEXTS.generic }),
    });
  }
  return (
    <Popup
      opened={label !== null}
      onClose={onClose}
      closable={!remove.isPending}
      icon={<IconTrash size={22} color="var(--mantine-color-red-6)" />}
      title={LABEL_TEXTS.deleteTitle}
      description={
        label
          ? owner.type === 'Workspace'
            ? LABEL_TEXTS.deleteWorkspaceLabel(label.name)
            : LABEL_TEXTS.deleteProjectLabel(label.name)
          : undefined
      }
      checkbox={{ label: LABEL_TEXTS.deleteCheckbox }}
      actions={[
        { label: 'Cancel', variant: 'secondary', onClick: onClose },
        { label: 'Delete', variant: 'danger', loading: remove.isPending, onClick: confirm },
      ]}
    />
  );
}

function EmptyLabels({ children }: { children: ReactNode }) {
  return (
    <Stack align="center" gap="xs" py="lg" px="md" className={classes.empty} data-testid="labels-empty">
      <ThemeIcon variant="light" radius="xl" size={40}>
        <IconTag size={20} />
      </ThemeIcon>
      <Text size="sm" c="dimmed" ta="center" maw={380}>
        {children}
      </Text>
    </Stack>
  );
}

/**
 * A workspace's or a project's labels: the list (in the project's order, which may be dragged),
 * rename, recolour and delete on each, and a form for a new one; read-only for the others.
 */
export function LabelManager({
  owner,
  editable,
  sortable = false,
  emptyText,
  readOnlyText,
}: LabelManagerProps) {
  const labels = useLabels(owner);
  const order = useSetLabelsOrder(owner.id);
  const [deleting, setDeleting] = useState<Label | null>(null);

  function saveOrder(ids: number[]) {
    order.mutate(ids, { onError: () => snackbar.error({ title: PROJECT_TEXTS.generic }) });
  }

  const row = (label: Label, handle?: ReactNode) => (
    <LabelRow owner={owner} label={label} editable={editable} handle={handle} onDelete={setDeleting} />
  );
  const list = labels.data ?? [];

  return (
    <Stack gap="md" data-testid="label-manager">
      {!editable && (
        <Text size="sm" c="dimmed">
          {readOnlyText}
        </Text>
      )}
      {labels.isPending && (
        <Stack gap={6} aria-label="Loading labels">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={40} radius="md" />
          ))}
        </Stack>
      )}
      {labels.isError && <LoadError onRetry={() => void labels.refetch()} />}
      {labels.isSuccess && list.length === 0 && <EmptyLabels>{emptyText}</EmptyLabels>}
      {list.length > 0 && (
        <div className={classes.list}>
          {sortable && list.length > 1 ? (
            <SortableLabels labels={list} onReorder={saveOrder}>
              {row}
            </SortableLabels>
          ) : (
            list.map((label) => <div key={label.id}>{row(label)}</div>)
          )}
        </div>
      )}
      {editable && labels.isSuccess && (
        <>
          <Divider />
          <NewLabelForm owner={owner} count={list.length} />
        </>
      )}
      <DeleteLabelPopup owner={owner} label={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}
