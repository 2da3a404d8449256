import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { Project, ProjectsViewOptions } from '@common/api/projects';
import {
  projectKeys,
  refreshProjectLists,
  useSetProjectsOrder,
  type ProjectListPage,
  type ProjectListScope,
} from '@web/features/projects/api/projects';
import { useSignedInUser } from '@web/features/account';
import { showActionError } from './actions/actionErrors';
import { listParams } from './viewOptions';

/**
 * Saves a dragged order with set_projects_order. The server then sorts by Manual, ascending (§4),
 * so the list shows the new order under that sort at once, before the answer comes.
 */
export function useManualOrder(scope: ProjectListScope, options: ProjectsViewOptions, search: string) {
  const queryClient = useQueryClient();
  const user = useSignedInUser();
  const save = useSetProjectsOrder(user?.id);

  return (ids: number[], projects: readonly Project[]) => {
    const byId = new Map(projects.map((p) => [p.id, p]));
    const ordered = ids.flatMap((id) => byId.get(id) ?? []);
    const manual: ProjectsViewOptions = { ...options, sort: 'manual', sort_ascending: true };
    const previous = queryClient.getQueryData<InfiniteData<ProjectListPage>>(
      projectKeys.list(scope, listParams(options, search)),
    );
    queryClient.setQueryData<InfiniteData<ProjectListPage>>(
      projectKeys.list(scope, listParams(manual, search)),
      {
        pages: [{ projects: ordered, pagination: previous?.pages.at(-1)?.pagination }],
        pageParams: [1],
      },
    );
    queryClient.setQueryData(projectKeys.viewOptions, manual);
    save.mutate(ids, {
      onError: (error) => {
        showActionError(error);
        queryClient.setQueryData(projectKeys.viewOptions, options);
        void refreshProjectLists(queryClient);
      },
    });
  };
}
