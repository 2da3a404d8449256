import { SHORTCUT_GROUPS, SHORTCUTS_NOTE } from '@common/assetGrid/shortcuts';
import { ShortcutsOverlay } from '@web/components/shortcuts/ShortcutsOverlay';

/** '?': every key of the grid's keyboard mode, from the same table the keys are read from. */
export function ShortcutsHelp({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <ShortcutsOverlay
      opened={opened}
      onClose={onClose}
      note={`Click a tile or tab to the grid, then review without the mouse. ${SHORTCUTS_NOTE}`}
      groups={SHORTCUT_GROUPS}
      columns={2}
    />
  );
}
