/**
 * What a workspace uses against its plan: projects and stored bytes. Projects and assets arrive
 * with their own issues; each adds its count here, and every limit check reads it from here.
 */
export class WorkspaceUsage {
  projectsCount(_workspaceId: number): Promise<number> {
    return Promise.resolve(0);
  }

  storageUsedInBytes(_workspaceId: number): Promise<number> {
    return Promise.resolve(0);
  }
}
