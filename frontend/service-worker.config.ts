// Build-time only: a Vite plugin used by vite.config.ts, never part of the app.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const SOURCE = fileURLToPath(new URL('./sw/sw.js', import.meta.url));
/** Files of public/ the shell needs offline: the install manifest and its icons. */
const PUBLIC_SHELL = ['/manifest.webmanifest', '/favicon.svg', '/icons/icon-192.png', '/icons/icon-512.png'];

/** What the bundle tells about one emitted file (the part of Rollup's OutputChunk / OutputAsset read here). */
export interface BuiltFile {
  type: 'chunk' | 'asset';
  fileName: string;
  isEntry?: boolean;
  imports?: string[];
  code?: string;
  source?: string | Uint8Array;
  viteMetadata?: { importedCss?: Set<string> };
}

/**
 * The app shell: index.html, the entry chunk with everything it imports statically (the start bundle) and their CSS,
 * and the public files of PUBLIC_SHELL. Lazily loaded chunks are kept by the worker as the app uses them.
 */
export function shellFiles(bundle: Record<string, BuiltFile>): string[] {
  const files = new Set<string>(['/index.html', ...PUBLIC_SHELL]);
  const visit = (fileName: string) => {
    const file = bundle[fileName];
    if (!file || files.has(`/${fileName}`)) return;
    files.add(`/${fileName}`);
    file.viteMetadata?.importedCss?.forEach((css) => files.add(`/${css}`));
    file.imports?.forEach(visit);
  };
  Object.values(bundle)
    .filter((file) => file.type === 'chunk' && file.isEntry)
    .forEach((entry) => visit(entry.fileName));
  return [...files].sort();
}

/** A hash of every built file's name and content: any change to the build makes a new worker and cache. */
export function buildVersion(bundle: Record<string, BuiltFile>): string {
  const hash = createHash('sha256');
  for (const name of Object.keys(bundle).sort()) {
    const file = bundle[name];
    hash.update(name);
    hash.update(file.type === 'chunk' ? (file.code ?? '') : (file.source ?? ''));
  }
  return hash.digest('hex').slice(0, 16);
}

export function renderServiceWorker(version: string, shell: string[]): string {
  return `const BUILD = ${JSON.stringify(version)};\nconst SHELL = ${JSON.stringify(shell)};\n${readFileSync(SOURCE, 'utf8')}`;
}

/** Emits /sw.js (sw/sw.js with the build's version and shell); the dev server serves it with an empty shell. */
export function serviceWorker(): Plugin {
  return {
    name: 'jarvis-service-worker',
    enforce: 'post',
    configureServer(server) {
      server.middlewares.use('/sw.js', (_req, res) => {
        res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
        res.setHeader('Cache-Control', 'no-cache');
        res.end(renderServiceWorker('dev', []));
      });
    },
    generateBundle(_options, bundle) {
      const files = bundle as unknown as Record<string, BuiltFile>;
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source: renderServiceWorker(buildVersion(files), shellFiles(files)),
      });
    },
  };
}
