import type { CSSProperties } from 'react';
import { shapeTypeOf, type MarkupShape } from '@common/api/comments';
import { relativePoints, type ImageSize } from './markupGeometry';
import { shapePaths, type ShapePaths, type StrokeWidths } from './shapeGeometry';
import classes from './Markup.module.css';

/** A stroke's width as CSS: `--markup-unit` (a size-1 stroke on screen) times its size, at least 1 px. */
export const strokeStyle = (size: number, extraPx = 0): CSSProperties => ({
  strokeWidth: `calc(max(1px, var(--markup-unit) * ${size}) + ${extraPx}px)`,
});

/** A draft shape's paths in the picture's pixels (the group they are drawn in scales them to the screen). */
export function draftPaths(shape: MarkupShape, image: ImageSize, widths: StrokeWidths): ShapePaths {
  const points = relativePoints(shape, image).map((p) => ({ x: p.x * image.width, y: p.y * image.height }));
  return shapePaths(shapeTypeOf(shape), points, widths);
}

/**
 * The draft's shapes, in a group that maps the picture's pixels to the screen; strokes are set in
 * screen pixels (non-scaling), arrowheads from `widthsOf` (a size's stroke in picture pixels).
 */
export function DraftShapes({
  shapes,
  selected,
  image,
  widthsOf,
}: {
  shapes: readonly MarkupShape[];
  selected: number | null;
  image: ImageSize;
  widthsOf: (size: number) => StrokeWidths;
}) {
  return (
    <g data-testid="markup-draft">
      {shapes.map((shape, index) => {
        const { stroke, fill } = draftPaths(shape, image, widthsOf(shape.stroke_size));
        const isSelected = index === selected;
        return (
          <g
            key={index}
            data-testid="markup-draft-shape"
            data-type={shapeTypeOf(shape)}
            data-selected={isSelected || undefined}
          >
            {isSelected &&
              [stroke, fill].map(
                (d, i) =>
                  d && (
                    <path
                      key={i}
                      d={d}
                      className={classes.selection}
                      vectorEffect="non-scaling-stroke"
                      style={strokeStyle(shape.stroke_size, 8)}
                    />
                  ),
              )}
            <path
              d={stroke}
              className={classes.line}
              stroke={shape.stroke_color}
              vectorEffect="non-scaling-stroke"
              style={strokeStyle(shape.stroke_size)}
            />
            {fill && <path d={fill} className={classes.head} fill={shape.stroke_color} />}
          </g>
        );
      })}
    </g>
  );
}
