// Vite builds the client into client/dist, which the server serves at / (with brotli and gzip copies made here).
import { defineConfig } from 'vite';
import { precompress } from './precompress';
import { catalogue } from './catalogue';

// PixiJS's root module re-exports its WebGPU and Canvas renderers, so the bundler counts them as static imports
// and put them in the same chunk as the WebGL renderer: a room link downloaded ~12 KiB (brotli) of renderers it
// never starts (client/src/engine/stage.ts asks for WebGL). The two groups below give each its own chunk, which
// only Pixi's renderer detection imports, on a browser without WebGL. test/e2e/room-link.test.ts checks that a
// room link never asks for them (a Pixi upgrade whose WebGL path needs another module under gpu/ shows there).

/** A PixiJS module's path inside its package (`rendering/renderers/gpu/…`), or null for any other module. */
const pixiPath = (id: string) => id.replace(/\\/g, '/').match(/\/pixi\.js\/lib\/(.+)$/)?.[1] ?? null;
/** Modules under a `gpu/` folder that the WebGL renderer uses too (shader programs and bind groups are shared). */
const gpuShared = [
  'rendering/renderers/gpu/shader/BindGroup.mjs',
  'rendering/renderers/gpu/shader/GpuProgram.mjs',
  'rendering/renderers/gpu/shader/utils/',
  'rendering/renderers/gpu/renderTarget/calculateProjection.mjs',
  'rendering/renderers/gpu/GpuUboSystem.mjs',
  'rendering/renderers/gpu/state/GpuStencilModesToPixi.mjs',
  'rendering/batcher/gpu/getTextureBatchBindGroup.mjs',
  'scene/graphics/gpu/colorToUniform.mjs',
];
/** The WebGPU renderer's own modules. */
const webgpuOnly = (id: string) => {
  const p = pixiPath(id);
  return !!p && p.includes('/gpu/') && !gpuShared.some((s) => p.startsWith(s));
};
/** The Canvas renderer's own modules (its utilities draw text for WebGL too). */
const canvasOnly = (id: string) => {
  const p = pixiPath(id);
  return !!p && p.startsWith('rendering/renderers/canvas/') && !p.startsWith('rendering/renderers/canvas/utils/');
};

export default defineConfig({
  root: import.meta.dirname,
  // The shared package's entries, from source, through the path aliases declared once in tsconfig.base.json: the
  // core without any game (`@dicehall/shared/core`, what the client imports), and one per game
  // (`@dicehall/shared/dice-chess`). The root (every game and the bots) is the server's; biome.json keeps it out of
  // client/src.
  resolve: { tsconfigPaths: true },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
    manifest: true,
    // Each group takes only the modules it names (not their dependencies, which the WebGL renderer shares).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'pixi-webgpu', test: webgpuOnly, includeDependenciesRecursively: false },
            { name: 'pixi-canvas', test: canvasOnly, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  plugins: [catalogue(), precompress()],
  server: { proxy: { '/api': 'http://localhost:2567', '/matchmake': 'http://localhost:2567' } },
});
