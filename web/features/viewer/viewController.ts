import {
  clampPan,
  FIT_PADDING,
  fitTransform,
  fromRelative,
  sameTransform,
  scaleLimits,
  toImage,
  toRelative,
  toScreen,
  zoomAround,
  ZOOM_STEP,
  type Point,
  type Size,
  type ViewTransform,
} from './viewMath';

/** 'fit' follows the stage as it resizes; any zoom or pan makes the view 'free'. */
export type ViewMode = 'fit' | 'free';

export interface ViewState {
  transform: ViewTransform;
  mode: ViewMode;
  /** The picture in the original's pixels; null until known. */
  image: Size | null;
  stage: Size;
}

/**
 * One viewer's view: the picture's size, the stage's, and the transform between them. Keys,
 * buttons, the wheel and drags change it through these methods; whatever draws over the picture
 * (tiles now, markup later) subscribes and maps its points with `toScreen` / `toImage`, or with
 * the relative forms that markup stores. Free of React and the DOM.
 */
export class ViewController {
  private state: ViewState = {
    transform: { scale: 1, x: 0, y: 0 },
    mode: 'fit',
    image: null,
    stage: { width: 0, height: 0 },
  };
  private readonly listeners = new Set<() => void>();

  getState = (): ViewState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** A new picture: a picture of the same size keeps the view (rounds line up), another is fitted. */
  setImage(image: Size | null): void {
    const before = this.state.image;
    if (before && image && before.width === image.width && before.height === image.height) return;
    this.update({ ...this.state, image, mode: 'fit' });
  }

  setStage(stage: Size): void {
    const { width, height } = this.state.stage;
    if (width === stage.width && height === stage.height) return;
    this.update({ ...this.state, stage });
  }

  get ready(): boolean {
    return this.state.image !== null && this.state.stage.width > 0 && this.state.stage.height > 0;
  }

  fit = (): void => this.update({ ...this.state, mode: 'fit' });

  /** 100 %: one pixel of the original to one stage pixel, around the view's middle. */
  actualSize = (): void => this.zoomTo(1);

  zoomIn = (): void => this.zoomTo(this.state.transform.scale * ZOOM_STEP);

  zoomOut = (): void => this.zoomTo(this.state.transform.scale / ZOOM_STEP);

  /**
   * Zooms to `scale` keeping the picture point under `anchor` in place; by default the middle of
   * the room a fitted picture takes, so a fitted picture zooms around its own middle.
   */
  zoomTo = (scale: number, anchor?: Point): void => {
    const { image, stage, transform } = this.state;
    if (!image) return;
    const point = anchor ?? viewMiddle(stage);
    this.update({
      ...this.state,
      mode: 'free',
      transform: zoomAround(transform, scale, point, scaleLimits(image, stage)),
    });
  };

  panBy = (dx: number, dy: number): void => {
    const { transform } = this.state;
    this.update({
      ...this.state,
      mode: 'free',
      transform: { ...transform, x: transform.x + dx, y: transform.y + dy },
    });
  };

  /**
   * Shows `transform` as given, unclamped: for a view kept in step with another one (compare),
   * whose own zoom limits and pan bounds do not apply.
   */
  follow = (transform: ViewTransform): void => {
    if (this.state.mode === 'free' && sameTransform(this.state.transform, transform)) return;
    this.state = { ...this.state, mode: 'free', transform };
    for (const listener of this.listeners) listener();
  };

  toScreen = (p: Point): Point => toScreen(this.state.transform, p);
  toImage = (p: Point): Point => toImage(this.state.transform, p);
  /** A stage point as a share of the picture's width and height (markup's coordinates). */
  screenToRelative = (p: Point): Point | null =>
    this.state.image ? toRelative(this.state.image, this.toImage(p)) : null;
  relativeToScreen = (p: Point): Point | null =>
    this.state.image ? this.toScreen(fromRelative(this.state.image, p)) : null;

  private update(next: ViewState): void {
    const settled = settle(next);
    const before = this.state;
    if (
      before.mode === settled.mode &&
      before.image === settled.image &&
      before.stage === settled.stage &&
      sameTransform(before.transform, settled.transform)
    )
      return;
    this.state = settled;
    for (const listener of this.listeners) listener();
  }
}

function viewMiddle(stage: Size): Point {
  const { top, right, bottom, left } = FIT_PADDING;
  return { x: left + (stage.width - left - right) / 2, y: top + (stage.height - top - bottom) / 2 };
}

/** The transform a state implies: fitted in fit mode, else kept on the stage. */
function settle(state: ViewState): ViewState {
  const { image, stage } = state;
  if (!image || stage.width <= 0 || stage.height <= 0) return state;
  if (state.mode === 'fit') return { ...state, transform: fitTransform(image, stage) };
  return { ...state, transform: clampPan(state.transform, image, stage) };
}
