import { useEffect, useSyncExternalStore } from 'react';
import { ActionIcon, Slider, Tooltip } from '@mantine/core';
import {
  IconArrowBackUp,
  IconArrowForwardUp,
  IconArrowUpRight,
  IconCircle,
  IconPencil,
  IconPointer,
  IconSquare,
  IconTrash,
} from '@tabler/icons-react';
import { MARKUP_COLORS, MARKUP_PALETTE } from '@common/api/comments';
import { canRedo, canUndo } from './markupHistory';
import { isTypingTarget, markupCommandFor, shortcutCaps, type MarkupCommand } from './markupKeys';
import { percentFromSize, sizeFromPercent, type MarkupTool } from './markupSettings';
import type { MarkupStore } from './markupStore';
import classes from './Markup.module.css';

const COLOR_NAMES: Record<string, string> = Object.fromEntries(
  Object.entries(MARKUP_COLORS).map(([name, hex]) => [
    hex,
    name === 'nearWhite' ? 'White' : name[0]!.toUpperCase() + name.slice(1),
  ]),
);

export const MARKUP_TEXTS = {
  toolbar: 'Markup tools',
  line: 'Line',
  arrow: 'Arrow',
  rectangle: 'Rectangle',
  ellipse: 'Ellipse',
  select: 'Select',
  size: 'Size',
  undo: 'Undo',
  redo: 'Redo',
  delete: 'Delete the selected shape',
  color: (name: string) => `Colour ${name}`,
} as const;

const hint = (label: string, command: MarkupCommand) => `${label} (${shortcutCaps(command)})`;

/** The tool each tool key picks. */
const TOOL_OF = {
  lineTool: 'line',
  arrowTool: 'arrow',
  rectangleTool: 'rectangle',
  ellipseTool: 'ellipse',
  selectTool: 'select',
} as const satisfies Partial<Record<MarkupCommand, MarkupTool>>;

/** The toolbar's tool buttons, in order: the four drawing tools, then selection. */
const TOOLS = [
  { tool: 'line', command: 'lineTool', label: MARKUP_TEXTS.line, Icon: IconPencil },
  { tool: 'arrow', command: 'arrowTool', label: MARKUP_TEXTS.arrow, Icon: IconArrowUpRight },
  { tool: 'rectangle', command: 'rectangleTool', label: MARKUP_TEXTS.rectangle, Icon: IconSquare },
  { tool: 'ellipse', command: 'ellipseTool', label: MARKUP_TEXTS.ellipse, Icon: IconCircle },
  { tool: 'select', command: 'selectTool', label: MARKUP_TEXTS.select, Icon: IconPointer },
] as const;

/** The markup editor's keys on the whole window, unless a field or a dialog has the focus. */
function useMarkupKeys(store: MarkupStore, enabled: boolean) {
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || isTypingTarget(event.target)) return;
      if (event.target instanceof Element && event.target.closest('[role="dialog"], [role="menu"]')) return;
      const command = markupCommandFor(event);
      if (!command) return;
      const { selected } = store.getState();
      if ((command === 'deleteSelected' || command === 'deselect') && selected === null) return;
      event.preventDefault();
      if (command === 'undo') store.undo();
      else if (command === 'redo') store.redo();
      else if (command in TOOL_OF) store.setTool(TOOL_OF[command as keyof typeof TOOL_OF]);
      else if (command === 'deleteSelected') store.deleteSelected();
      else store.select(null);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [store, enabled]);
}

/**
 * The markup toolbar floating over the stage (§2, §9): line, arrow, rectangle, ellipse and
 * selection tools (one colour and size for all), the 8 colours,
 * the size slider (0–100 % for sizes 1–8), undo and redo, and deleting the selected line.
 */
export function MarkupToolbar({ store }: { store: MarkupStore }) {
  const state = useSyncExternalStore(store.subscribe, store.getState);
  useMarkupKeys(store, true);
  const selected = state.selected !== null;
  return (
    <div
      className={classes.toolbar}
      role="toolbar"
      aria-label={MARKUP_TEXTS.toolbar}
      data-viewer-control
      data-testid="markup-toolbar"
    >
      {TOOLS.map(({ tool, command, label, Icon }) => (
        <Tooltip key={tool} label={hint(label, command)} withArrow>
          <ActionIcon
            variant="subtle"
            className={classes.tool}
            data-active={state.tool === tool || undefined}
            aria-pressed={state.tool === tool}
            aria-label={label}
            onClick={() => store.setTool(tool)}
          >
            <Icon size={18} />
          </ActionIcon>
        </Tooltip>
      ))}
      <span className={classes.divider} />
      <div className={classes.palette} role="radiogroup" aria-label="Colour">
        {MARKUP_PALETTE.map((color) => (
          <button
            key={color}
            type="button"
            role="radio"
            aria-checked={state.color === color}
            aria-label={MARKUP_TEXTS.color(COLOR_NAMES[color] ?? color)}
            title={COLOR_NAMES[color]}
            className={classes.swatch}
            style={{ background: color }}
            data-active={state.color === color || undefined}
            onClick={() => store.setColor(color)}
          />
        ))}
      </div>
      <span className={classes.divider} />
      <div className={classes.size}>
        <span
          className={classes.sizeDot}
          style={{ width: 4 + state.size * 1.5, height: 4 + state.size * 1.5, background: state.color }}
        />
        <Slider
          className={classes.slider}
          size="sm"
          color="gray.2"
          value={percentFromSize(state.size)}
          onChange={(percent) => store.setSize(sizeFromPercent(percent))}
          step={100 / 7}
          label={(percent) => `${MARKUP_TEXTS.size} ${sizeFromPercent(percent)}`}
          thumbLabel={MARKUP_TEXTS.size}
          thumbProps={{
            'aria-label': MARKUP_TEXTS.size,
            'aria-valuetext': `${MARKUP_TEXTS.size} ${state.size}`,
          }}
          data-testid="markup-size"
        />
      </div>
      <span className={classes.divider} />
      <Tooltip label={hint(MARKUP_TEXTS.undo, 'undo')} withArrow>
        <ActionIcon
          variant="subtle"
          className={classes.tool}
          aria-label={MARKUP_TEXTS.undo}
          disabled={!canUndo(state.history)}
          onClick={store.undo}
        >
          <IconArrowBackUp size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={hint(MARKUP_TEXTS.redo, 'redo')} withArrow>
        <ActionIcon
          variant="subtle"
          className={classes.tool}
          aria-label={MARKUP_TEXTS.redo}
          disabled={!canRedo(state.history)}
          onClick={store.redo}
        >
          <IconArrowForwardUp size={18} />
        </ActionIcon>
      </Tooltip>
      {selected && (
        <Tooltip label={hint(MARKUP_TEXTS.delete, 'deleteSelected')} withArrow>
          <ActionIcon
            variant="subtle"
            className={classes.tool}
            aria-label={MARKUP_TEXTS.delete}
            onClick={store.deleteSelected}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      )}
    </div>
  );
}
