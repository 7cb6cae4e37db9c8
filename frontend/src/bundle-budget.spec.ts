// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  gzippedBytes,
  JS_BUDGET_BYTES,
  PAGE_START_CHUNKS,
  readManifest,
  startFiles,
} from './test/bundle-budget';

// Reads the production build (npm test builds before it runs the unit tests).
const dist = fileURLToPath(new URL('../dist', import.meta.url));

describe('initial JavaScript budget', () => {
  it.each(Object.entries(PAGE_START_CHUNKS))(
    'the %s page loads at most 200 kB of JavaScript gzipped at start',
    (_page, lazyKeys) => {
      const manifest = readManifest(dist);
      const files = startFiles(manifest, lazyKeys);
      const kB = gzippedBytes(dist, files) / 1024;
      expect(kB, `${files.length} files: ${files.join(', ')}`).toBeLessThanOrEqual(JS_BUDGET_BYTES / 1024);
    },
  );

  it('keeps the markdown renderer out of the start', () => {
    const manifest = readManifest(dist);
    const markdown = manifest['src/features/chat/MarkdownRenderer.tsx'];
    expect(markdown?.isDynamicEntry).toBe(true);
    const atStart = new Set(startFiles(manifest, PAGE_START_CHUNKS.app));
    expect(atStart.has(markdown!.file)).toBe(false);
  });
});
