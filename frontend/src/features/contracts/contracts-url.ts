/**
 * The contracts document service (doc1 §2: Contracts opens an external document-service site in a new tab), the
 * Contracts entry of the navigation and the generate_contract action both open it. The operator's CONTRACTS_URL comes
 * with the page (the gateway's meta jarvis-contracts-url); VITE_CONTRACTS_URL, read when the frontend is built, is the
 * default for a page served without it.
 */
export const CONTRACTS_URL: string =
  (typeof document === 'undefined'
    ? undefined
    : document.querySelector<HTMLMetaElement>('meta[name="jarvis-contracts-url"]')?.content) ||
  (import.meta.env.VITE_CONTRACTS_URL ?? 'https://www.docusign.com/');
