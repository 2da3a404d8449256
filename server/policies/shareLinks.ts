import type { ProjectView } from './projectView';
import { authorize } from './projects';

/**
 * Who makes, lists, changes and revokes a project's links (issue 26): whoever may share the
 * project's public link (§6 'projects: share': its owner and collaborators). A caller who does not
 * see the project got 404 from ProjectAccess before this; one who sees it but may not share, 403.
 */
export function authorizeShareLinks(view: ProjectView): void {
  authorize(view, 'projects.share');
}
