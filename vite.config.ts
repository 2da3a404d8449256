import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompressPlugin } from './scripts/precompress.ts';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export const aliases = {
  '@common': here('./common'),
  '@server': here('./server'),
  '@web': here('./web'),
};

export default defineConfig({
  root: here('./web'),
  plugins: [react(), precompressPlugin()],
  resolve: { alias: aliases },
  // Source maps are written for debugging and error reports, but the server never serves them in
  // production (server/plugins/webApp.ts); the manifest lists each route's chunks (bench, budget).
  build: { outDir: here('./dist/web'), emptyOutDir: true, sourcemap: true, manifest: true },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
});
