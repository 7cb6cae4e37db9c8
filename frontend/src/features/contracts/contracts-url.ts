/**
 * The contracts document service (doc1 §2: Contracts opens an external document-service site in a new tab), the
 * Contracts entry of the navigation and the generate_contract action both open it. VITE_CONTRACTS_URL, read when the
 * frontend is built, points it elsewhere.
 */
export const CONTRACTS_URL: string = import.meta.env.VITE_CONTRACTS_URL ?? 'https://www.docusign.com/';
