import type { QuickResponseShortcut } from '@jarvis/contracts';
import { api } from './routes';
import { callApi } from './client';

export interface ShortcutInput {
  name: string;
  trigger_phrases: string[];
  response_template: string;
  is_active: boolean;
}

export async function fetchShortcuts(): Promise<QuickResponseShortcut[]> {
  const body = await callApi(api.chat.shortcuts);
  return Array.isArray(body) ? body : [];
}

export function createShortcut(input: ShortcutInput): Promise<QuickResponseShortcut> {
  return callApi(api.chat.createShortcut, input);
}

export function updateShortcut(id: string, input: ShortcutInput): Promise<QuickResponseShortcut> {
  return callApi(api.chat.updateShortcut, { id, ...input });
}

export async function deleteShortcut(id: string): Promise<void> {
  await callApi(api.chat.deleteShortcut, { id });
}
