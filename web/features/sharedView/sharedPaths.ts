/** The addresses of a public link's pages: the shared project, and one asset of it. */
export const sharedViewPath = (shareHash: string) => `/projects/shared_view/${shareHash}`;
export const sharedAssetPath = (shareHash: string, assetId: number | string) =>
  `${sharedViewPath(shareHash)}/assets/${assetId}`;
