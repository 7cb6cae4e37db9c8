import { api, type Endpoint } from '@jarvis/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatHarness, startChat } from './testing/chat-harness';

let h: ChatHarness;

beforeAll(async () => {
  h = await startChat('malformed-ids');
});
afterAll(() => h?.close());

const BAD_IDS = ['\u0000', 'not-a-uuid', '%00', `${'a'.repeat(100_000)}`, "1' OR '1'='1"];
const shortcut = { name: 'Late', trigger_phrases: ['late'], response_template: 'On my way', is_active: true };

/** Every chat endpoint that takes an id in its path, with the rest of a valid input. */
const CASES: [string, Endpoint, (id: string) => Record<string, unknown>][] = [
  ['memory delete', api.chat.deleteMemory, (id) => ({ id })],
  ['conversation delete', api.chat.deleteConversation, (id) => ({ id })],
  ['conversation share', api.chat.shareConversation, (id) => ({ id, isPublic: true })],
  ['conversation recovery claim', api.chat.recoverClaim, (id) => ({ id })],
  ['shortcut update', api.chat.updateShortcut, (id) => ({ ...shortcut, id })],
  ['shortcut delete', api.chat.deleteShortcut, (id) => ({ id })],
  ['action outcome', api.chat.setActionOutcome, (id) => ({ id, index: 0, executed: true })],
];
/** Endpoints that take ids in their body: a malformed one is a 400 naming the field, as the gateway answers. */
const BODY_CASES: [string, Endpoint, string, (id: string) => Record<string, unknown>][] = [
  ['conversation save', api.chat.saveConversation, 'messageIds.0', (id) => ({ title: 'T', messageIds: [id] })],
  ['feedback', api.chat.feedback, 'messageId', (messageId) => ({ messageId, feedbackType: 'like' })],
];

describe('ids that are not uuids', () => {
  // Straight to the service, past the gateway's schema: the service itself must never answer 500.
  it.each(CASES)('%s answers 404, never a 500 from Postgres', async (_name, endpoint, input) => {
    const user = h.newUser();
    for (const id of BAD_IDS) {
      const error = await h.failUnchecked(endpoint, input(id), user);
      expect(error, JSON.stringify(id.slice(0, 20))).toMatchObject({ kind: 'NOT_FOUND' });
    }
  });

  it.each(BODY_CASES)('%s answers 400 naming the field, never a 500 from Postgres', async (_name, endpoint, field, input) => {
    const user = h.newUser();
    for (const id of BAD_IDS) {
      const error = await h.failUnchecked(endpoint, input(id), user);
      expect(error, JSON.stringify(id.slice(0, 20))).toMatchObject({ kind: 'VALIDATION' });
      expect((error.details as { fields: Record<string, string[]> }).fields).toHaveProperty([field]);
    }
  });
});
