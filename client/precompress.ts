// A Vite build step: writes a brotli (.br) and a gzip (.gz) copy beside every text asset, so the server sends
// compressed files without compressing on each request (server/src/http/static.ts picks one per request).
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const TEXT = /\.(?:js|mjs|css|html|svg|json|txt|map)$/;

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'dicehall-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs
          .readdirSync(dir, { withFileTypes: true })
          .flatMap((d) => (d.isDirectory() ? walk(path.join(dir, d.name)) : [path.join(dir, d.name)]));
      for (const file of walk(outDir).filter((f) => TEXT.test(f))) {
        const body = fs.readFileSync(file);
        // Tiny files gain nothing: the headers outweigh the saving.
        if (body.length < 512) continue;
        fs.writeFileSync(
          `${file}.br`,
          brotliCompressSync(body, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
          }),
        );
        fs.writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}
