import { ActionIcon, Tooltip, UnstyledButton } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import type { ViewController } from './viewController';
import { useViewState } from './viewerContext';
import classes from './viewer.module.css';

export const ZOOM_TEXTS = {
  zoomIn: 'Zoom in',
  zoomOut: 'Zoom out',
  fit: 'Fit to screen',
  actual: 'Actual size (100 %)',
  level: 'Zoom level',
} as const;

/** Below the picture: zoom out, the zoom in per cent, zoom in, fit, and 1:1. */
export function ZoomControls({ controller }: { controller: ViewController }) {
  const view = useViewState(controller);
  const percent = Math.round(view.transform.scale * 100);
  const ready = view.image !== null;
  return (
    <div className={classes.controls} data-testid="zoom-controls">
      <Tooltip label={`${ZOOM_TEXTS.zoomOut} (−)`} openDelay={400}>
        <ActionIcon
          variant="subtle"
          color="gray.0"
          aria-label={ZOOM_TEXTS.zoomOut}
          disabled={!ready}
          onClick={controller.zoomOut}
        >
          <IconMinus size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={`${ZOOM_TEXTS.actual} (1)`} openDelay={400}>
        <UnstyledButton
          className={classes.percent}
          aria-label={`${ZOOM_TEXTS.level}: ${percent} %. ${ZOOM_TEXTS.actual}`}
          data-testid="zoom-percent"
          disabled={!ready}
          onClick={controller.actualSize}
        >
          {ready ? `${percent}%` : '—'}
        </UnstyledButton>
      </Tooltip>
      <Tooltip label={`${ZOOM_TEXTS.zoomIn} (+)`} openDelay={400}>
        <ActionIcon
          variant="subtle"
          color="gray.0"
          aria-label={ZOOM_TEXTS.zoomIn}
          disabled={!ready}
          onClick={controller.zoomIn}
        >
          <IconPlus size={16} />
        </ActionIcon>
      </Tooltip>
      <span className={classes.divider} aria-hidden />
      <Tooltip label={`${ZOOM_TEXTS.fit} (0)`} openDelay={400}>
        <UnstyledButton
          className={classes.textButton}
          data-active={view.mode === 'fit' || undefined}
          disabled={!ready}
          onClick={controller.fit}
        >
          Fit
        </UnstyledButton>
      </Tooltip>
      <Tooltip label={`${ZOOM_TEXTS.actual} (1)`} openDelay={400}>
        <UnstyledButton
          className={classes.textButton}
          data-active={(view.mode === 'free' && Math.abs(view.transform.scale - 1) < 1e-6) || undefined}
          disabled={!ready}
          onClick={controller.actualSize}
        >
          1:1
        </UnstyledButton>
      </Tooltip>
    </div>
  );
}
