/**
 * The markup feature's public face (markup: the drawing store, tools, geometry and the layers that
 * draw it). Screens and other features import from here only (eslint.config.js keeps the wall); the
 * files behind it are the feature's own.
 */
export { MARKUP_SHORTCUT_GROUP } from './markupKeys';
export { MarkupLayer } from './MarkupLayer';
export { MarkupStore } from './markupStore';
export { MarkupToolbar } from './MarkupToolbar';
export { MarkupView } from './MarkupView';
export { shapePaths, type ShapePaths } from './shapeGeometry';
