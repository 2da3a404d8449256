import { useEffect, useRef, useState } from 'react';
import { useWindowEvent } from '@mantine/hooks';
import { ActionIcon, Indicator, Popover, RingProgress } from '@mantine/core';
import { IconArrowUp, IconCloudUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useMatch } from 'react-router';
import { activeCount } from '@common/uploads/uploadQueue';
import { UPLOAD_BOX_TEXTS, uploadingHeader } from '@common/uploads/uploadTexts';
import { averageProgress } from '@common/uploads/uploadTiming';
import { refreshAfterUpload } from '@web/features/assets';
import { useSignedInUser } from '@web/features/account';
import { Popup } from '@web/components/Popup/Popup';
import { snackbar } from '@web/components/snackbar/snackbar';
import { FilePickerInput } from './FilePickerInput';
import { UploadBox } from './UploadBox';
import { UploadRefusalDialog } from './UploadRefusalDialog';
import { uploadStore, useUploads } from './uploads';
import { useLeaveWarning } from './useLeaveWarning';

/** Many files finishing together refresh each project's pages once, not once per file. */
const REFRESH_BATCH_MS = 400;

/** Refreshes what an upload changed, and says why an upload failed after its bytes. */
function useUploadNotices() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const projects = new Map<number, Set<number>>();
    let timer: ReturnType<typeof setTimeout> | null = null;
    const flush = () => {
      timer = null;
      for (const [projectId, assets] of projects)
        void refreshAfterUpload(queryClient, projectId, assets.size === 1 ? [...assets][0]! : null);
      projects.clear();
    };
    const stop = uploadStore.onNotice((notice) => {
      if (notice.type === 'failed') {
        snackbar.error({
          title: `${UPLOAD_BOX_TEXTS.failed}: ${notice.record.name}`,
          description: notice.message,
        });
        return;
      }
      const { projectId } = notice.record.target;
      const assets = projects.get(projectId) ?? new Set<number>();
      if (notice.record.assetId !== null) assets.add(notice.record.assetId);
      projects.set(projectId, assets);
      timer ??= setTimeout(flush, REFRESH_BATCH_MS);
    });
    return () => {
      stop();
      if (timer !== null) clearTimeout(timer);
      flush();
    };
  }, [queryClient]);
}

/** The top bar's upload button (§2) with the Upload Box under it, for signed-in pages. */
function UploadBoxButton() {
  const snapshot = useUploads();
  const [confirming, setConfirming] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  const active = activeCount(snapshot.records);
  const progress = averageProgress(snapshot.records.filter((r) => r.state !== 'aborted'));
  const target = snapshot.contextTarget;
  useUploadNotices();
  useLeaveWarning(active > 0);
  // Escape closes the box wherever the focus is (it opens by itself, without taking the focus),
  // unless a dialog is open: Escape is that dialog's.
  useWindowEvent('keydown', (event) => {
    if (event.key === 'Escape' && snapshot.boxOpen && !confirming && snapshot.refusals.length === 0)
      uploadStore.setBoxOpen(false);
  });

  return (
    <>
      <Indicator
        label={active}
        size={18}
        offset={4}
        disabled={active === 0}
        color="brand"
        withBorder
        data-testid="upload-count"
      >
        <Popover
          opened={snapshot.boxOpen}
          onChange={(open) => uploadStore.setBoxOpen(open)}
          position="bottom-end"
          width={420}
          offset={12}
          shadow="xl"
          radius="lg"
          // Under the modals (Cancel All's question, the refusal dialogs), above the page.
          zIndex={180}
          closeOnClickOutside={!confirming}
          closeOnEscape={false}
        >
          <Popover.Target>
            <ActionIcon
              variant={snapshot.boxOpen ? 'light' : 'subtle'}
              color={snapshot.boxOpen ? 'brand' : 'gray'}
              size={40}
              radius="xl"
              aria-label={
                active > 0 ? `${UPLOAD_BOX_TEXTS.title}: ${uploadingHeader(active)}` : UPLOAD_BOX_TEXTS.title
              }
              data-testid="upload-button"
              onClick={() => uploadStore.setBoxOpen(!snapshot.boxOpen)}
            >
              {active > 0 ? (
                <RingProgress
                  size={34}
                  thickness={3}
                  roundCaps
                  sections={[{ value: progress, color: 'brand' }]}
                  label={<IconArrowUp size={16} style={{ display: 'block', margin: 'auto' }} />}
                />
              ) : (
                <IconCloudUpload size={22} stroke={1.7} />
              )}
            </ActionIcon>
          </Popover.Target>
          <Popover.Dropdown p={0}>
            <UploadBox
              snapshot={snapshot}
              onClose={() => uploadStore.setBoxOpen(false)}
              onPick={target ? () => picker.current?.click() : null}
              onCancel={(id) => uploadStore.cancel(id)}
              onCancelAll={() => setConfirming(true)}
              onClear={() => uploadStore.clearFinished()}
            />
          </Popover.Dropdown>
        </Popover>
      </Indicator>
      {target && (
        <FilePickerInput
          ref={picker}
          multiple
          testId="upload-now-input"
          onFiles={(files) => uploadStore.addFiles(files, target)}
        />
      )}
      <Popup
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={UPLOAD_BOX_TEXTS.cancelAll}
        description={UPLOAD_BOX_TEXTS.cancelAllConfirm}
        actions={[
          { label: 'Cancel', variant: 'secondary', onClick: () => setConfirming(false) },
          {
            label: 'Ok',
            variant: 'danger',
            onClick: () => {
              setConfirming(false);
              uploadStore.cancelAll();
            },
          },
        ]}
      />
      <UploadRefusalDialog
        refusals={snapshot.refusals}
        onDismiss={(ids) => uploadStore.dismissRefusals(ids)}
        onUploadAsRound={(pending) => uploadStore.uploadAsRound(pending)}
        onConfirmRound={(pending) => uploadStore.confirmRound(pending)}
      />
    </>
  );
}

/** Nothing on shared views (anonymous visitors) or in the moment after a logout. */
export function UploadButton() {
  const user = useSignedInUser();
  const shared = useMatch('/projects/shared_view/*');
  if (!user || shared) return null;
  return <UploadBoxButton />;
}
