import { memo } from 'react';
import type { AssetView } from '@common/api/assets';
import type { Label, Project } from '@common/api/projects';
import { DownloadAssetsDialog } from '@web/features/downloads';
import { ShareLinkModal } from '@web/features/sharing';
import type { AssetCommands } from '../useAssetCommands';
import { DeleteAssetsPopup } from './DeleteAssetsPopup';
import { LabelPickerModal } from './LabelPickerModal';
import { MoveAssetsModal } from './MoveAssetsModal';
import { RenameAssetModal } from './RenameAssetModal';
import { ShortcutsHelp } from './ShortcutsHelp';

/** Which of the grid's dialogs is open, and for which assets. */
export type AssetDialog =
  | { kind: 'rename'; asset: AssetView }
  | { kind: 'delete'; assets: AssetView[] }
  | { kind: 'move'; ids: number[] }
  | { kind: 'label'; ids: number[] }
  | { kind: 'download'; assets: AssetView[] }
  | { kind: 'share'; ids: number[] }
  | { kind: 'help' }
  | null;

/** Every dialog the asset grid opens, and the boxes and dialogs its actions raise. */
export const AssetDialogs = memo(function AssetDialogs({
  project,
  folderId,
  labels,
  dialog,
  commands,
  onClose,
}: {
  project: Project;
  folderId: number | null;
  labels: readonly Label[];
  dialog: AssetDialog;
  commands: AssetCommands;
  onClose: () => void;
}) {
  return (
    <>
      <RenameAssetModal
        asset={dialog?.kind === 'rename' ? dialog.asset : null}
        onRename={commands.rename}
        onClose={onClose}
      />
      <DeleteAssetsPopup
        assets={dialog?.kind === 'delete' ? dialog.assets : null}
        onDelete={commands.remove}
        onClose={onClose}
      />
      <MoveAssetsModal
        project={project}
        fromFolderId={folderId}
        ids={dialog?.kind === 'move' ? dialog.ids : null}
        onMove={commands.move}
        onClose={onClose}
      />
      <LabelPickerModal
        labels={labels}
        ids={dialog?.kind === 'label' ? dialog.ids : null}
        onPick={commands.setLabel}
        onClose={onClose}
      />
      <DownloadAssetsDialog
        projectId={project.id}
        assets={dialog?.kind === 'download' ? dialog.assets : null}
        onClose={onClose}
      />
      <ShareLinkModal
        projectId={project.id}
        target={dialog?.kind === 'share' ? { scope: 'assets', assetIds: dialog.ids } : null}
        onClose={onClose}
      />
      <ShortcutsHelp opened={dialog?.kind === 'help'} onClose={onClose} />
    </>
  );
});
