// @vitest-environment node
import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';
import { type BuiltFile, buildVersion, renderServiceWorker, shellFiles } from '../../service-worker.config';

const chunk = (fileName: string, over: Partial<BuiltFile> = {}): BuiltFile => ({
  type: 'chunk',
  fileName,
  code: fileName,
  imports: [],
  ...over,
});

const bundle: Record<string, BuiltFile> = {
  'assets/index-a1.js': chunk('assets/index-a1.js', {
    isEntry: true,
    imports: ['assets/react-b2.js', 'assets/mui-core-c3.js'],
    viteMetadata: { importedCss: new Set(['assets/index-d4.css']) },
  }),
  'assets/react-b2.js': chunk('assets/react-b2.js'),
  'assets/mui-core-c3.js': chunk('assets/mui-core-c3.js', { imports: ['assets/react-b2.js'] }),
  'assets/Settings-e5.js': chunk('assets/Settings-e5.js', { imports: ['assets/react-b2.js'] }),
  'assets/index-d4.css': { type: 'asset', fileName: 'assets/index-d4.css', source: 'body{}' },
  'index.html': { type: 'asset', fileName: 'index.html', source: '<html></html>' },
};

describe('the service worker of a build', () => {
  it('keeps the start bundle, its CSS, index.html and the install files, not the lazily loaded pages', () => {
    const shell = shellFiles(bundle);
    expect(shell).toEqual(
      expect.arrayContaining([
        '/index.html',
        '/assets/index-a1.js',
        '/assets/react-b2.js',
        '/assets/mui-core-c3.js',
        '/assets/index-d4.css',
        '/manifest.webmanifest',
        '/icons/icon-192.png',
      ]),
    );
    expect(shell).not.toContain('/assets/Settings-e5.js');
  });

  it('gets a new version, so a new cache, whenever any built file changes', () => {
    const before = buildVersion(bundle);
    expect(buildVersion({ ...bundle })).toBe(before);
    const changed = {
      ...bundle,
      'assets/Settings-e5.js': chunk('assets/Settings-e5.js', { code: 'changed' }),
    };
    expect(buildVersion(changed)).not.toBe(before);
  });

  it('is the worker source with the version and shell in front', () => {
    const source = renderServiceWorker('abc123', ['/index.html']);
    expect(source.startsWith('const BUILD = "abc123";\nconst SHELL = ["/index.html"];\n')).toBe(true);
    expect(source).toContain("addEventListener('push'");
    expect(source).toContain("addEventListener('fetch'");
  });
});

/** Runs the worker's source in a scope of its own and fires `activate`, with these caches present. */
async function activate(version: string, present: string[]) {
  const handlers = new Map<string, (event: unknown) => void>();
  const deleted: string[] = [];
  const scope = {
    addEventListener: (type: string, handler: (event: unknown) => void) => handlers.set(type, handler),
    clients: { claim: vi.fn(async () => undefined) },
    location: { origin: 'https://jarvis.test' },
  };
  const caches = {
    keys: async () => present,
    delete: async (key: string) => {
      deleted.push(key);
      return true;
    },
  };
  runInNewContext(renderServiceWorker(version, ['/index.html']), {
    self: scope,
    caches,
    URL,
    fetch: vi.fn(),
  });
  let done: Promise<unknown> = Promise.resolve();
  handlers.get('activate')!({ waitUntil: (work: Promise<unknown>) => (done = work) });
  await done;
  return { deleted, claimed: scope.clients.claim.mock.calls.length };
}

describe('a new worker taking over', () => {
  it('deletes the caches of older builds, keeps its own and anything not its, and takes the open tabs', async () => {
    const { deleted, claimed } = await activate('new', [
      'jarvis-shell-old',
      'jarvis-shell-new',
      'someone-else',
    ]);
    expect(deleted).toEqual(['jarvis-shell-old']);
    expect(claimed).toBe(1);
  });
});
