import { api, buildPath, type QuickResponseShortcut } from '@jarvis/contracts';
import { apiJson, apiRequest } from './client';

export interface ShortcutInput {
  name: string;
  trigger_phrases: string[];
  response_template: string;
  is_active: boolean;
}

export async function fetchShortcuts(): Promise<QuickResponseShortcut[]> {
  const body = await apiJson<unknown>('GET', api.chat.shortcuts.path);
  return Array.isArray(body) ? (body as QuickResponseShortcut[]) : [];
}

export function createShortcut(input: ShortcutInput): Promise<QuickResponseShortcut> {
  return apiJson<QuickResponseShortcut>('POST', api.chat.createShortcut.path, input);
}

export function updateShortcut(id: string, input: ShortcutInput): Promise<QuickResponseShortcut> {
  return apiJson<QuickResponseShortcut>('PUT', buildPath(api.chat.updateShortcut.path, { id }), input);
}

export async function deleteShortcut(id: string): Promise<void> {
  await apiRequest('DELETE', buildPath(api.chat.deleteShortcut.path, { id }));
}
