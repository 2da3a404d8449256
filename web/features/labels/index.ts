/**
 * The labels feature's public face (labels of projects and assets: the manager, chips and queries).
 * Screens and other features import from here only (eslint.config.js keeps the wall); the files behind
 * it are the feature's own.
 */
export {
  projectLabelOwner,
  useCreateLabel,
  useLabels,
  useLabelsOfWorkspaces,
  useWorkspaceLabels,
  workspaceLabelOwner,
} from './api/labels';
export { LabelChip } from './LabelChip';
export { LabelManager } from './LabelManager';
export { labelNameProblem, nameErrorOf } from './labelTexts';
