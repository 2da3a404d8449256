import { useEffect, useRef } from 'react';
import type { ViewController } from '@web/features/viewer';
import classes from './compare.module.css';
import { clearStageCanvas, deviceRect, drawOnViewFrames } from '@web/features/viewer';

/**
 * The painted difference over the whole base round, in the base round's view: it zooms and pans
 * with the other modes. Magnified, its pixels show as squares, the way a retoucher checks them.
 */
export function DifferenceCanvas({
  controller,
  image,
  label,
}: {
  controller: ViewController;
  /** A new bitmap for each tolerance. */
  image: ImageBitmap;
  label: string;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return;
    return drawOnViewFrames(controller, () => {
      const view = controller.getState();
      const ratio = clearStageCanvas(context, view.stage);
      if (!view.image) return;
      // Edges snapped as the pictures' are (pictureDraw), so no sliver of a round shows beside it.
      const at = deviceRect(view, { x: 0, y: 0, ...view.image }, ratio);
      context.imageSmoothingEnabled = at.width / image.width < 2;
      context.drawImage(image, at.x, at.y, at.width, at.height);
      canvas.dataset.scale = view.transform.scale.toFixed(4);
    });
  }, [controller, image]);

  return (
    <canvas
      ref={canvasRef}
      className={classes.layer}
      role="img"
      aria-label={label}
      data-testid="difference-canvas"
    />
  );
}
