/** Whether the event's title or description contains one of the keywords, ignoring case. */
export function matchesKeyword(keywords: string[], ...texts: string[]): boolean {
  const haystack = texts.join('\n').toLowerCase();
  return keywords.some((k) => k.trim() !== '' && haystack.includes(k.trim().toLowerCase()));
}
