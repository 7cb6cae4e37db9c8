// Build-time only: a Vite plugin used by vite.config.ts, never part of the app.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** The built files worth compressing: scripts, styles and other text. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest)$/;

/**
 * Writes a gzip copy (`<file>.gz`, level 9) beside every text file of the build, so the gateway sends each script
 * compressed without compressing it on every request (@fastify/static `preCompressed`). What a browser downloads is
 * then what the start-page budget counts (e2e/tests/performance/js-budget.spec.ts).
 */
export function precompress(): Plugin {
  return {
    name: 'jarvis-precompress',
    apply: 'build',
    enforce: 'post',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const file of Object.values(bundle)) {
        if (!COMPRESSIBLE.test(file.fileName)) continue;
        const content = file.type === 'chunk' ? file.code : file.source;
        writeFileSync(join(dir, `${file.fileName}.gz`), gzipSync(content, { level: 9 }));
      }
    },
  };
}
