import { useMemo } from 'react';
import { projectsViewOptionsSchema, type ProjectsViewOptions } from '@common/api/projects';
import { useProjectsViewOptions, useSaveProjectsViewOptions } from '@web/features/projects/api/projects';
import { useShownAtOnce } from '@web/api/useShownAtOnce';
import { DEFAULT_VIEW_OPTIONS } from './viewOptions';

/**
 * The user's view options of the project list, kept on the server (§3). A failed load falls back
 * to the defaults so the list still shows; every change shows at once and is saved at once.
 */
export function useProjectsView() {
  const query = useProjectsViewOptions();
  const save = useSaveProjectsViewOptions();
  const stored = useMemo(() => {
    const parsed = query.data ? projectsViewOptionsSchema.safeParse(query.data) : null;
    return parsed?.success ? parsed.data : DEFAULT_VIEW_OPTIONS;
  }, [query.data]);
  const [options, show] = useShownAtOnce<ProjectsViewOptions>(stored);

  const update = (patch: Partial<ProjectsViewOptions>) => save.mutate(show(patch));
  return { options, update, ready: !query.isPending };
}
