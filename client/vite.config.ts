// Vite builds the client into client/dist, which the server serves at /.
import path from 'node:path';
import { defineConfig } from 'vite';

export default defineConfig({
  root: __dirname,
  resolve: { alias: { '@dicehall/shared': path.resolve(__dirname, '../shared/src/index.ts') } },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1200 },
  server: { proxy: { '/api': 'http://localhost:2567', '/matchmake': 'http://localhost:2567' } },
});
