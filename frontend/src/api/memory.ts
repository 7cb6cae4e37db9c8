import { api, buildPath, type Memory, type Pattern, type PatternInsight } from '@jarvis/contracts';
import { apiJson, apiRequest } from './client';

/** GET /api/memories. */
export async function fetchMemories(): Promise<Memory[]> {
  const body = await apiJson<unknown>('GET', api.chat.memories.path);
  return Array.isArray(body) ? (body as Memory[]) : [];
}

/** DELETE /api/memory/{id}. */
export async function deleteMemory(id: string): Promise<void> {
  await apiRequest('DELETE', buildPath(api.chat.deleteMemory.path, { id }));
}

/** DELETE /api/memories/cleanup-patterns: removes interaction memories starting 'Pattern:'. */
export async function cleanupPatternMemories(): Promise<number> {
  const body = await apiJson<{ deleted?: number }>('DELETE', api.chat.cleanupPatternMemories.path);
  return body?.deleted ?? 0;
}

export async function fetchPatterns(): Promise<Pattern[]> {
  const body = await apiJson<unknown>('GET', api.chat.patterns.path);
  return Array.isArray(body) ? (body as Pattern[]) : [];
}

export async function fetchPatternInsights(): Promise<PatternInsight[]> {
  const body = await apiJson<unknown>('GET', api.chat.patternInsights.path);
  return Array.isArray(body) ? (body as PatternInsight[]) : [];
}
