import { useHeldByFling } from './flingWatch';
import classes from './PreviewPicture.module.css';

export { classes as previewClasses };

/**
 * A tile's picture: the blurred placeholder at once, the thumbnail over it once loaded. Loaded is
 * marked on the element, not in state: a tile is not drawn again for its picture, which on a fast
 * scroll would be several renders a frame; CSS shows the thumbnail and hides the placeholder. In
 * a grid flung past faster than anyone can see, the thumbnail waits for the fling to end.
 */
export function PreviewPicture({
  thumbnail,
  lqip,
  testId,
  lazy = false,
}: {
  thumbnail: string;
  lqip: string | null;
  /** The thumbnail's test id; the placeholder's is `${testId}-lqip`. */
  testId: string;
  /** Load only near the screen (a plain page of tiles; a virtual grid draws only those anyway). */
  lazy?: boolean;
}) {
  const held = useHeldByFling();
  const placeholder = lqip && (
    <img
      className={classes.lqip}
      src={lqip}
      alt=""
      aria-hidden
      draggable={false}
      data-testid={`${testId}-lqip`}
    />
  );
  if (held) return placeholder;
  // The thumbnail comes first so that, once loaded, it hides the placeholder after it (a sibling
  // rule: cheap to check again on every load, where a :has() rule is not). Until then it is
  // transparent, so the two never show at once.
  return (
    <>
      <img
        // A new round's thumbnail is a new picture: it waits to be loaded again.
        key={thumbnail}
        className={classes.thumbnail}
        src={thumbnail}
        alt=""
        loading={lazy ? 'lazy' : undefined}
        decoding="async"
        draggable={false}
        data-testid={testId}
        onLoad={(event) => {
          event.currentTarget.dataset.loaded = 'true';
        }}
      />
      {placeholder}
    </>
  );
}
