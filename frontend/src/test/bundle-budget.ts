import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Each page may load at most this much JavaScript, gzipped, by the time it is idle (issue 7, item 9). */
export const JS_BUDGET_BYTES = 200 * 1024;

/**
 * What each page loads lazily at start, besides the entry: the manifest keys of the dynamic imports it runs before
 * it is idle. The signed-in app opens on the chat section, with the sidebar inline on a desktop.
 */
export const PAGE_START_CHUNKS = {
  landing: ['src/features/landing/LandingPage.tsx'],
  app: ['src/features/shell/MainApp.tsx', 'src/features/chat/ChatSection.tsx'],
} as const;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export function readManifest(distDir: string): Manifest {
  const path = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(path)) {
    throw new Error(
      `${path} is missing: build the frontend first (npm run build -w @jarvis/frontend, or npx vite build in frontend/).`,
    );
  }
  return JSON.parse(readFileSync(path, 'utf8')) as Manifest;
}

/** The JS files a chunk loads: its own and every static import, recursively (dynamic imports are not followed). */
export function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`The manifest has no chunk ${key}`);
  if (chunk.file.endsWith('.js')) into.add(chunk.file);
  for (const imported of chunk.imports ?? []) {
    if (!into.has(manifest[imported]?.file ?? imported)) staticClosure(manifest, imported, into);
  }
  return into;
}

/** The files a page loads at start: the entry `index.html` and the listed lazy chunks, each with its static imports. */
export function startFiles(manifest: Manifest, lazyKeys: readonly string[]): string[] {
  const files = staticClosure(manifest, 'index.html');
  for (const key of lazyKeys) {
    if (!manifest[key]?.isDynamicEntry) throw new Error(`${key} is not a lazily loaded chunk of the build`);
    staticClosure(manifest, key, files);
  }
  return [...files].sort();
}

/** Gzip (level 6, as servers send it) of each file, summed. */
export function gzippedBytes(distDir: string, files: readonly string[]): number {
  return files.reduce(
    (sum, file) => sum + gzipSync(readFileSync(join(distDir, file)), { level: 6 }).length,
    0,
  );
}
