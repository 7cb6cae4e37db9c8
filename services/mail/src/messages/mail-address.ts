/** `"Ann Lee" <ann@example.com>`, `Ann <ann@example.com>` or `ann@example.com` as name and address. */
export function parseMailbox(value: string | undefined): { name: string; email: string } {
  const text = (value ?? '').trim();
  const angle = /^(.*?)<([^<>]+)>\s*$/.exec(text);
  if (angle) {
    const email = angle[2].trim();
    const name = angle[1].trim().replace(/^"(.*)"$/, '$1').replace(/\\"/g, '"').trim();
    return { name: name || email, email };
  }
  return { name: text, email: text };
}
