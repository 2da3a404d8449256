import type { ReactNode } from 'react';
import { Button, Slider, Switch, Tooltip, UnstyledButton } from '@mantine/core';
import {
  IconEye,
  IconLayersDifference,
  IconLayoutColumns,
  IconSeparatorVertical,
  IconStack2,
  IconSwitchHorizontal,
} from '@tabler/icons-react';
import type { BlinkState } from './blinkState';
import type { DifferenceDetail } from './DifferenceTiles';
import { COMPARE_MODES, COMPARE_TEXTS, type CompareMode } from './compareModes';
import { changedShare } from './differenceInputs';
import type { DifferenceResult } from './useDifference';
import classes from './compare.module.css';

const ICONS: Record<CompareMode, ReactNode> = {
  sideBySide: <IconLayoutColumns size={16} />,
  wipe: <IconSeparatorVertical size={16} />,
  onion: <IconStack2 size={16} />,
  blink: <IconEye size={16} />,
  difference: <IconLayersDifference size={16} />,
};

const count = new Intl.NumberFormat();

export interface CompareToolbarProps {
  mode: CompareMode;
  onMode: (mode: CompareMode) => void;
  labels: { a: string; b: string };
  opacity: number;
  onOpacity: (opacity: number) => void;
  blink: BlinkState;
  onFlip: () => void;
  onAutoBlink: (on: boolean) => void;
  tolerance: number;
  onTolerance: (tolerance: number) => void;
  difference: DifferenceResult;
  /** The difference on screen worked out from tiles, when zoomed past the previews. */
  detail: DifferenceDetail | null;
}

function ModeOptions(props: CompareToolbarProps) {
  const { mode, labels, blink, difference } = props;
  switch (mode) {
    case 'sideBySide':
      return <span className={classes.hint}>{COMPARE_TEXTS.sideBySideHint}</span>;
    case 'wipe':
      return <span className={classes.hint}>{COMPARE_TEXTS.wipeHint}</span>;
    case 'onion':
      return (
        <>
          <span className={classes.sliderLabel}>{COMPARE_TEXTS.opacity(labels.b)}</span>
          <Slider
            w={160}
            size="sm"
            min={0}
            max={100}
            value={Math.round(props.opacity * 100)}
            onChange={(value) => props.onOpacity(value / 100)}
            label={null}
            thumbLabel={COMPARE_TEXTS.opacityLabel}
            data-testid="onion-opacity"
          />
          <span className={classes.value} data-testid="onion-opacity-value">
            {Math.round(props.opacity * 100)} %
          </span>
        </>
      );
    case 'blink':
      return (
        <>
          <Tooltip label={`${COMPARE_TEXTS.flip} (B)`} openDelay={300}>
            <Button
              size="xs"
              variant="white"
              color="dark"
              leftSection={<IconSwitchHorizontal size={14} />}
              onClick={props.onFlip}
              data-testid="blink-flip"
            >
              {COMPARE_TEXTS.showing(blink.shown === 'a' ? labels.a : labels.b)}
            </Button>
          </Tooltip>
          <Switch
            size="sm"
            color="blue"
            checked={blink.auto}
            onChange={(event) => props.onAutoBlink(event.currentTarget.checked)}
            label={COMPARE_TEXTS.autoBlink}
            styles={{ label: { color: 'var(--mantine-color-gray-3)' } }}
            data-testid="blink-auto"
          />
        </>
      );
    case 'difference': {
      // Zoomed past the previews, what the tiles on screen found (once all are compared).
      const onScreen =
        props.detail && props.detail.level !== null && props.detail.pending === 0 ? props.detail : null;
      return (
        <>
          <span className={classes.sliderLabel}>{COMPARE_TEXTS.tolerance}</span>
          <Slider
            w={160}
            size="sm"
            min={0}
            max={255}
            value={props.tolerance}
            onChange={props.onTolerance}
            label={null}
            thumbLabel={COMPARE_TEXTS.toleranceLabel}
            data-testid="difference-tolerance"
          />
          <span className={classes.value}>{props.tolerance}</span>
          {difference.status === 'ready' && (
            <Tooltip
              label={COMPARE_TEXTS.changedOf(difference.image.width)}
              openDelay={300}
              multiline
              w={300}
            >
              <span
                className={classes.stats}
                role="status"
                data-testid="difference-stats"
                data-changed={difference.changed}
                data-tolerance={difference.tolerance}
                data-scope={onScreen ? 'screen' : 'previews'}
              >
                <span className={classes.swatch} aria-hidden />
                {onScreen
                  ? COMPARE_TEXTS.changedHere(count.format(onScreen.changed))
                  : COMPARE_TEXTS.changed(
                      changedShare(difference.changed, difference.compared),
                      count.format(difference.changed),
                    )}
              </span>
            </Tooltip>
          )}
        </>
      );
    }
  }
}

/** Over the compare stage: the five modes (keys 1–5), and the chosen mode's own settings. */
export function CompareToolbar(props: CompareToolbarProps) {
  return (
    <div className={classes.toolbar} data-testid="compare-toolbar">
      <div className={classes.modes} role="group" aria-label={COMPARE_TEXTS.modesLabel}>
        {COMPARE_MODES.map((mode, index) => (
          <Tooltip key={mode} label={`${COMPARE_TEXTS.modes[mode]} (${index + 1})`} openDelay={300}>
            <UnstyledButton
              className={classes.mode}
              aria-pressed={props.mode === mode}
              aria-label={COMPARE_TEXTS.modes[mode]}
              onClick={() => props.onMode(mode)}
              data-testid={`compare-mode-${mode}`}
            >
              {ICONS[mode]}
              <span className={classes.modeLabel}>{COMPARE_TEXTS.modes[mode]}</span>
            </UnstyledButton>
          </Tooltip>
        ))}
      </div>
      <div className={classes.options}>
        <ModeOptions {...props} />
      </div>
    </div>
  );
}
