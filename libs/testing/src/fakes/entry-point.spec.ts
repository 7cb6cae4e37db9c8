import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * '@jarvis/testing/fakes' runs in plain Node (e2e/fakes/serve-fakes.ts, the bench): its files import Node's modules,
 * each other and provider SDKs only, never vitest or the rest of libs/testing (whose index loads vitest).
 */
describe('the fakes entry point', () => {
  const dir = __dirname;
  const sources = readdirSync(dir).filter((file) => file.endsWith('.ts') && !/\.(int-)?spec\.ts$/.test(file) && !file.endsWith('.d.ts'));

  it('exports every fake of the folder', () => {
    const index = readFileSync(join(dir, 'index.ts'), 'utf8');
    for (const file of sources.filter((f) => f !== 'index.ts')) expect(index, file).toContain(`export * from './${file.replace(/\.ts$/, '')}';`);
  });

  it('loads no test runner and nothing outside the folder', () => {
    for (const file of sources) {
      const text = readFileSync(join(dir, file), 'utf8');
      const imported = [...text.matchAll(/^(?:import|export)\b[^;]*?from '([^']+)'/gms)].map((m) => m[1]);
      for (const source of imported) {
        expect(source, `${file} imports ${source}`).not.toMatch(/^(vitest|@vitest\/|\.\.\/|@jarvis\/testing)/);
        if (source.startsWith('.')) expect(source, `${file} imports ${source}`).toMatch(/^\.\/[\w.-]+$/);
      }
    }
  });
});
