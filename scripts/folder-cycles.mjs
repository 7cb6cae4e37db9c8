#!/usr/bin/env node
// Folder-level import cycles: `node scripts/folder-cycles.mjs <src folder> [...]`, e.g. `services/telephony/src` or
// `frontend/src`. The folders directly inside the given one are the features, except a `features/` folder (the
// frontend's), whose folders are each a feature of their own (`features/chat`, `features/voice`) beside the other
// top-level folders (`api`, `components`, `state`). A relative import from a file of one feature to a file of another
// is an edge between them (type-only imports, tests and dynamic imports included: they are dependencies too; a
// `import.meta.glob` is not an import). Files directly in the given folder (app.module.ts, main.ts) compose the
// features and are no feature themselves; imports leaving the given folder are not counted. Any feature that reaches
// itself back through others is reported with one import of each edge, and the exit code is 1. madge finds cycles
// between files; this finds the ones between folders, where two features lean on each other through different files.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';

const ts = createRequire(import.meta.url)('typescript');

const SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', '.nx', 'test-results', 'playwright-report']);
const RESOLVE_SUFFIXES = [
  '',
  '.ts',
  '.tsx',
  '.mts',
  '.js',
  '.jsx',
  '.mjs',
  '/index.ts',
  '/index.tsx',
  '/index.js',
];

function filesUnder(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) out.push(...filesUnder(join(dir, entry.name)));
    } else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      out.push(join(dir, entry.name));
    }
  }
  return out;
}

/** The file a relative specifier names (`./x` → `./x.ts`, `./x.js` written for `./x.ts`), or null. */
function resolveImport(from, specifier) {
  const base = resolve(dirname(from), specifier);
  const candidates = [base, base.replace(/\.(m|c)?js$/, '.$1ts'), base.replace(/\.jsx?$/, '.tsx')];
  for (const candidate of candidates) {
    for (const suffix of RESOLVE_SUFFIXES) {
      const path = candidate + suffix;
      if (existsSync(path) && statSync(path).isFile()) return path;
    }
  }
  return null;
}

/** Folders directly in root that group features rather than being one: each folder inside is a feature. */
const GROUP_DIRS = new Set(['features']);

/**
 * The feature folder a file belongs to: its first path segment under root, or the first two when the first is a
 * group (`features/chat`); null for a file of root itself.
 */
function featureOf(root, file) {
  const parts = relative(root, file).split(sep);
  if (parts.length < 2 || parts[0] === '..') return null;
  if (GROUP_DIRS.has(parts[0]) && parts.length > 2) return `${parts[0]}/${parts[1]}`;
  return parts[0];
}

/** Strongly connected components (Tarjan) of a graph given as Map<node, Map<node, example>>. */
function components(graph) {
  let index = 0;
  const indices = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (node) => {
    indices.set(node, index);
    low.set(node, index);
    index++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!indices.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node), indices.get(next)));
      }
    }
    if (low.get(node) === indices.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!indices.has(node)) visit(node);
  return found;
}

/** The feature graph of one src folder: Map<feature, Map<imported feature, 'file:line → specifier'>>. */
export function featureGraph(root) {
  const graph = new Map();
  for (const file of filesUnder(root)) {
    const from = featureOf(root, file);
    if (!from) continue;
    const text = readFileSync(file, 'utf8');
    const { importedFiles } = ts.preProcessFile(text, true, true);
    for (const { fileName: specifier, pos } of importedFiles) {
      if (!specifier.startsWith('.')) continue;
      const target = resolveImport(file, specifier);
      const to = target && featureOf(root, target);
      if (!to || to === from) continue;
      if (!graph.has(from)) graph.set(from, new Map());
      const edges = graph.get(from);
      if (!edges.has(to)) {
        const line = text.slice(0, pos).split('\n').length;
        edges.set(to, `${relative(process.cwd(), file)}:${line} imports '${specifier}'`);
      }
    }
  }
  return graph;
}

/** The cycles among the features of `root`, each with one import per edge inside it. */
export function folderCycles(root) {
  const graph = featureGraph(root);
  return components(graph).map((members) => ({
    members,
    edges: members.flatMap((from) =>
      [...(graph.get(from)?.entries() ?? [])]
        .filter(([to]) => members.includes(to))
        .map(([to, example]) => ({ from, to, example })),
    ),
  }));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const roots = process.argv.slice(2);
  if (roots.length === 0) {
    console.error('usage: node scripts/folder-cycles.mjs <src folder> [<src folder> ...]');
    process.exit(2);
  }
  let cycles = 0;
  for (const root of roots) {
    if (!existsSync(root) || !statSync(root).isDirectory()) {
      console.error(`${root}: not a folder`);
      process.exit(2);
    }
    const found = folderCycles(resolve(root));
    cycles += found.length;
    if (found.length === 0) {
      console.log(`${root}: no cycle between feature folders`);
      continue;
    }
    for (const { members, edges } of found) {
      console.log(`${root}: cycle between ${members.join(', ')}`);
      for (const { from, to, example } of edges) console.log(`  ${from} -> ${to}: ${example}`);
    }
  }
  process.exit(cycles > 0 ? 1 : 0);
}
