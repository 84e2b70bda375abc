// Vite builds the client into client/dist, which the server serves at / (with brotli and gzip copies made here).
import path from 'node:path';
import { defineConfig } from 'vite';
import { precompress } from './precompress';
import { catalogue } from './catalogue';

export default defineConfig({
  root: __dirname,
  // The shared package's entries, from source: the core without any game (`@dicehall/shared/core`, what the client
  // imports), and one per game (`@dicehall/shared/dice-chess`). The root (every game and the bots) is the server's;
  // biome.json keeps it out of client/src.
  resolve: {
    alias: [
      { find: /^@dicehall\/shared$/, replacement: path.resolve(__dirname, '../shared/src/index.ts') },
      { find: /^@dicehall\/shared\/core$/, replacement: path.resolve(__dirname, '../shared/src/core/index.ts') },
      {
        find: /^@dicehall\/shared\/([a-z-]+)$/,
        replacement: path.resolve(__dirname, '../shared/src/games/$1/index.ts'),
      },
    ],
  },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1200, manifest: true },
  plugins: [catalogue(), precompress()],
  server: { proxy: { '/api': 'http://localhost:2567', '/matchmake': 'http://localhost:2567' } },
});
