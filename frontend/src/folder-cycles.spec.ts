import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

// scripts/folder-cycles.mjs: the same check the other packages' trees pass (docs/frontend.md, "Folders depend one way").
const script = pathToFileURL(resolve(__dirname, '../../scripts/folder-cycles.mjs')).href;

describe('feature folders', () => {
  it('depend one way: no import cycle between features/<area> (or src/ folders)', async () => {
    const { folderCycles } = (await import(/* @vite-ignore */ script)) as {
      folderCycles: (root: string) => { members: string[]; edges: { example: string }[] }[];
    };
    const cycles = folderCycles(resolve(__dirname));
    expect(cycles.map((cycle) => cycle.edges.map((edge) => edge.example))).toEqual([]);
  });
});
