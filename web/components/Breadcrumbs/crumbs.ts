/** One level of the top bar's trail: project > folder > asset. */
export interface Crumb {
  kind: 'project' | 'folder' | 'asset';
  label: string;
  to: string;
}
