import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** web.dev's budget for the JavaScript of the critical path, as gzip -9 (browsers on plain http:// get no brotli). */
export const LOGIN_BUDGET_BYTES = 170 * 1024;

/**
 * The route modules each screen loads lazily (paths as the Vite manifest names them, relative to
 * web/): the router imports these with import(), so a route's JavaScript is the entry's static
 * import graph plus theirs.
 */
export const ROUTE_MODULES: Record<string, string[]> = {
  login: ['components/layout/AuthLayout.tsx', 'routes/login/LoginPage.tsx'],
  signup: ['components/layout/AuthLayout.tsx', 'routes/signup/SignupPage.tsx'],
  projects: ['shell/AppLayout.tsx', 'routes/projects/ProjectsPage.tsx'],
  project: ['shell/AppLayout.tsx', 'routes/project/ProjectPage.tsx'],
  profile: ['shell/AppLayout.tsx', 'routes/settings/SettingsLayout.tsx', 'routes/settings/ProfilePanel.tsx'],
  'shared view': ['routes/shared-view/SharedLayout.tsx', 'routes/shared-view/SharedViewPage.tsx'],
};

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

export interface RouteBundle {
  route: string;
  files: number;
  raw: number;
  gzip: number;
  brotli: number;
}

export function readManifest(webDir: string): Record<string, ManifestChunk> {
  return JSON.parse(readFileSync(join(webDir, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
}

/** The JavaScript files a page holding these modules loads before it can run: static imports only. */
export function staticGraph(manifest: Record<string, ManifestChunk>, keys: string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return files;
}

const sizeCache = new Map<string, { raw: number; gzip: number; brotli: number }>();

/** A file's size as sent: raw, gzip (level 9) and brotli (quality 11), as the build precompresses. */
export function compressedSizes(path: string): { raw: number; gzip: number; brotli: number } {
  const cached = sizeCache.get(path);
  if (cached) return cached;
  const bytes = readFileSync(path);
  const sizes = {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    }).length,
  };
  sizeCache.set(path, sizes);
  return sizes;
}

/** The compressed JavaScript of one route: the entry's static graph plus its route modules'. */
export function routeBundle(webDir: string, route: string, modules: string[]): RouteBundle {
  const manifest = readManifest(webDir);
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const files = staticGraph(manifest, [...entries, ...modules]);
  const total = { raw: 0, gzip: 0, brotli: 0 };
  for (const file of files) {
    const sizes = compressedSizes(join(webDir, file));
    total.raw += sizes.raw;
    total.gzip += sizes.gzip;
    total.brotli += sizes.brotli;
  }
  return { route, files: files.size, ...total };
}

export function routeBundles(webDir: string): RouteBundle[] {
  return Object.entries(ROUTE_MODULES).map(([route, modules]) => routeBundle(webDir, route, modules));
}
