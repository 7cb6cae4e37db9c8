import type { Pattern, PatternInsight } from '@jarvis/contracts';

/** The Pattern Insights card (doc2 §2, §9): up to 3 patterns above 0.5 and 2 insights above 0.6, by confidence. */
export const MAX_PATTERNS = 3;
export const MAX_INSIGHTS = 2;
export const PATTERN_MIN_CONFIDENCE = 0.5;
export const INSIGHT_MIN_CONFIDENCE = 0.6;

function strongest<T extends { confidence: number }>(
  items: readonly T[] | null | undefined,
  above: number,
  max: number,
): T[] {
  return (items ?? [])
    .filter((item) => typeof item.confidence === 'number' && item.confidence > above)
    .sort((a, b) => b.confidence - a.confidence)
    .slice(0, max);
}

export function selectPatterns(patterns: readonly Pattern[] | null | undefined): Pattern[] {
  return strongest(patterns, PATTERN_MIN_CONFIDENCE, MAX_PATTERNS);
}

export function selectInsights(insights: readonly PatternInsight[] | null | undefined): PatternInsight[] {
  return strongest(insights, INSIGHT_MIN_CONFIDENCE, MAX_INSIGHTS);
}

/** At least 0.8 green, at least 0.6 yellow, else grey. */
export function confidenceColor(confidence: number): 'success' | 'warning' | 'default' {
  if (confidence >= 0.8) return 'success';
  if (confidence >= 0.6) return 'warning';
  return 'default';
}

export function confidencePercent(confidence: number): string {
  return `${Math.round(confidence * 100)}%`;
}

/** Memory importance colour: 4 or more red, 3 or more yellow, else grey (doc2 §9). */
export function importanceColor(importance: number): 'error' | 'warning' | 'default' {
  if (importance >= 4) return 'error';
  if (importance >= 3) return 'warning';
  return 'default';
}

/** Case-insensitive substring match on content (doc2 §5). */
export function filterMemories<T extends { content: string }>(memories: readonly T[], search: string): T[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return [...memories];
  return memories.filter((m) => m.content.toLowerCase().includes(needle));
}

/** 'Remove Auto-Generated Patterns' shows only when an interaction memory starts with 'Pattern:'. */
export function hasPatternMemories(memories: readonly { type: string; content: string }[]): boolean {
  return memories.some((m) => m.type === 'interaction' && m.content.startsWith('Pattern:'));
}
