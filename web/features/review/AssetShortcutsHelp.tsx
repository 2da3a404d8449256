import { MARKUP_SHORTCUT_GROUP } from '@web/features/markup';
import { ShortcutsOverlay } from '@web/components/shortcuts/ShortcutsOverlay';
import { ASSET_SHORTCUT_GROUPS, ASSET_SHORTCUTS_NOTE } from './assetShortcuts';

const GROUPS = [...ASSET_SHORTCUT_GROUPS, MARKUP_SHORTCUT_GROUP];

/** '?': every key of the asset view, from the same table the keys are read from. */
export function AssetShortcutsHelp({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <ShortcutsOverlay
      opened={opened}
      onClose={onClose}
      note={ASSET_SHORTCUTS_NOTE}
      groups={GROUPS}
      columns={3}
    />
  );
}
