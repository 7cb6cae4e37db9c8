import type { Memory, Pattern, PatternInsight } from '@jarvis/contracts';
import { api } from './routes';
import { callApi } from './client';

/** GET /api/memories. */
export async function fetchMemories(): Promise<Memory[]> {
  const body = await callApi(api.chat.memories);
  return Array.isArray(body) ? body : [];
}

/** DELETE /api/memory/:id. */
export async function deleteMemory(id: string): Promise<void> {
  await callApi(api.chat.deleteMemory, { id });
}

/** DELETE /api/memories/cleanup-patterns: removes interaction memories starting 'Pattern:'. */
export async function cleanupPatternMemories(): Promise<number> {
  const body = await callApi(api.chat.cleanupPatternMemories);
  return body?.deleted ?? 0;
}

export async function fetchPatterns(): Promise<Pattern[]> {
  const body = await callApi(api.chat.patterns);
  return Array.isArray(body) ? body : [];
}

export async function fetchPatternInsights(): Promise<PatternInsight[]> {
  const body = await callApi(api.chat.patternInsights);
  return Array.isArray(body) ? body : [];
}
