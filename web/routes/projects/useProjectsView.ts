import { projectsViewOptionsSchema, type ProjectsViewOptions } from '@common/api/projects';
import { useProjectsViewOptions, useSaveProjectsViewOptions } from '@web/api/projects';
import { DEFAULT_VIEW_OPTIONS } from './viewOptions';

/**
 * The user's view options of the project list, kept on the server (§3). A failed load falls back
 * to the defaults so the list still shows; every change is saved at once.
 */
export function useProjectsView() {
  const query = useProjectsViewOptions();
  const save = useSaveProjectsViewOptions();
  const parsed = query.data ? projectsViewOptionsSchema.safeParse(query.data) : null;
  const options: ProjectsViewOptions = parsed?.success ? parsed.data : DEFAULT_VIEW_OPTIONS;

  const update = (patch: Partial<ProjectsViewOptions>) => save.mutate({ ...options, ...patch });
  return { options, update, ready: !query.isPending };
}
