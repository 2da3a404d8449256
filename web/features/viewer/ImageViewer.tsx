import type { ReactNode } from 'react';
import { keepClearOfSnackbars } from '@web/components/snackbar/snackbarClearance';
import { PictureCanvas, type PictureSource } from './PictureCanvas';
import type { ViewController } from './viewController';
import { ZoomControls } from './ZoomControls';
import { ZoomStage } from './ZoomStage';
import classes from './viewer.module.css';

/**
 * A picture to review: the stage, the picture on it (placeholder, preview, tiles), the zoom
 * controls, and `overlay` layers drawn in the same view (markup, later). `controls` sit beside
 * the zoom controls (a document's pages).
 */
export function ImageViewer({
  controller,
  source,
  label,
  overlay,
  controls,
}: {
  controller: ViewController;
  source: PictureSource;
  label: string;
  overlay?: ReactNode;
  controls?: ReactNode;
}) {
  return (
    <ZoomStage controller={controller} label={label} testId="viewer-stage">
      <PictureCanvas controller={controller} source={source} label={label} />
      {overlay}
      <div className={classes.dock} data-viewer-control ref={keepClearOfSnackbars}>
        {controls}
        <ZoomControls controller={controller} />
      </div>
    </ZoomStage>
  );
}
