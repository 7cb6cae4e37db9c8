import { afterEach, describe, expect, it, vi } from 'vitest';

describe('CONTRACTS_URL', () => {
  afterEach(() => {
    document.head.querySelector('meta[name="jarvis-contracts-url"]')?.remove();
    vi.resetModules();
  });

  it("is the operator's CONTRACTS_URL when the served page carries it", async () => {
    const meta = document.createElement('meta');
    meta.name = 'jarvis-contracts-url';
    meta.content = 'https://contracts.example.com/';
    document.head.append(meta);
    vi.resetModules();
    const { CONTRACTS_URL } = await import('./contracts-url');
    expect(CONTRACTS_URL).toBe('https://contracts.example.com/');
  });

  it('is the built-in document service otherwise', async () => {
    vi.resetModules();
    const { CONTRACTS_URL } = await import('./contracts-url');
    expect(CONTRACTS_URL).toBe(import.meta.env.VITE_CONTRACTS_URL ?? 'https://www.docusign.com/');
  });
});
