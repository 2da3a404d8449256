import { ProjectList } from '@web/features/projects';
import { ProjectActionsProvider } from './ProjectActionsProvider';

/** /projects: the project list with its views, sorting, filters, manual order and actions (§2, §9). */
export function ProjectsPage() {
  return (
    <ProjectActionsProvider>
      <ProjectList />
    </ProjectActionsProvider>
  );
}
