import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export const aliases = {
  '@common': here('./common'),
  '@server': here('./server'),
  '@web': here('./web'),
};

export default defineConfig({
  root: here('./web'),
  plugins: [react()],
  resolve: { alias: aliases },
  build: { outDir: here('./dist/web'), emptyOutDir: true, sourcemap: true },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
});
