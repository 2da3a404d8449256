/**
 * The viewer feature's public face (the viewer: zoom stage, DeepZoom tiles, the view controller and
 * document pages). Screens and other features import from here only (eslint.config.js keeps the wall);
 * the files behind it are the feature's own.
 */
export { useDocumentPage } from './api/documentPages';
export { DocumentPager, PAGER_TEXTS } from './DocumentPager';
export { chooseLevel, levelFactor, levelSize, parseDzi, type Pyramid, visibleTiles } from './dziPyramid';
export { ImageViewer } from './ImageViewer';
export { InView } from './InView';
export { PictureCanvas, type PictureSource } from './PictureCanvas';
export { pointIn } from './pointIn';
export { clearStageCanvas, deviceRect, drawOnViewFrames, oncePerFrame } from './stageCanvas';
export { ViewController, type ViewState } from './viewController';
export { useViewController, useViewState } from './viewerContext';
export { type Point, type Rect, type Size, toScreen, type ViewTransform, visibleImageRect } from './viewMath';
export { ZoomControls } from './ZoomControls';
export { ZoomStage } from './ZoomStage';
export { default as viewerClasses } from './viewer.module.css';
