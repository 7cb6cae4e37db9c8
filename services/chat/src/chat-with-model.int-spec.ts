import { ACTION_TYPES, api } from '@jarvis/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSONALITIES } from './personas/personalities.constants';
import { CAREERS } from './personas/careers.constants';
import { type OpenAiFake, startOpenAiFake } from './testing/fakes/openai.fake';
import { type ChatHarness, send, startChat } from './testing/chat-harness';

let h: ChatHarness;
let model: OpenAiFake;

beforeAll(async () => {
  model = await startOpenAiFake({ apiKey: 'sk-test' });
  h = await startChat('chat-model', {
    OPENAI_API_KEY: 'sk-test',
    OPENAI_BASE_URL: `${model.url}/v1`,
    OPENAI_MODEL: 'small-model',
    OPENAI_MODEL_ENTERPRISE: 'big-model',
  });
});
afterAll(async () => {
  await h?.close();
  await model?.close();
});

const lastCompletion = () => model.completions().at(-1)!;

describe('chat with a model (openai SDK against a loopback fake)', () => {
  it('answers with the model reply, sends the key and offers one tool per action type', async () => {
    const res = await send(h, h.newUser(), 'Tell me something nice');
    expect(res.reply).toBe('Fake model reply to: Tell me something nice');
    expect(res.actions).toEqual([]);
    expect(model.last().headers.authorization).toBe('Bearer sk-test');
    const tools = lastCompletion().tools!.map((t) => t.function.name);
    expect(tools.sort()).toEqual([...ACTION_TYPES].sort());
    expect(tools).toContain('create_reminder');
    expect(tools).toContain('draft_text_message');
  });

  it('turns a tool call into an action, with a reply describing it when the model wrote no text', async () => {
    const alice = h.newUser();
    const res = await send(h, alice, 'remind me about the plants');
    expect(res.actions).toEqual([{ type: 'create_reminder', args: { title: 'water the plants', when: 'tonight at 8pm' } }]);
    expect(res.reply).toContain('water the plants');
    const stored = await h.call(api.chat.messages, {}, alice);
    expect(stored.at(-1)!.actions).toEqual(res.actions);
  });

  it('drops a tool the list does not have and a tool call whose args are not JSON', async () => {
    const res = await send(h, h.newUser(), 'launch the rockets');
    expect(res.actions).toEqual([{ type: 'get_weather', args: { location: 'Houston' } }]);
    const broken = await send(h, h.newUser(), 'broken args please');
    expect(broken.actions).toEqual([]);
    expect(broken.reply).toBe('Here you go.');
  });

  it('uses OPENAI_MODEL for free and premium and OPENAI_MODEL_ENTERPRISE for enterprise', async () => {
    await send(h, h.newUser(), 'hi', [], 'premium');
    expect(lastCompletion().model).toBe('small-model');
    await send(h, h.newUser(), 'hi', [], 'enterprise');
    expect(lastCompletion().model).toBe('big-model');
  });

  it('builds the prompt from personality, career, memories, twin profile and the last 10 history messages', async () => {
    const sam = h.newUser();
    await h.call(api.chat.setPersonality, { personalityId: 'witty_sarcastic' }, sam, 'premium');
    await h.call(api.chat.setCareer, { careerProfile: 'realtor' }, sam, 'premium');
    await send(h, sam, 'My name is Sam and I live in Portland', [], 'premium');
    await h.call(
      api.chat.trainTwin,
      { samples: ['Hey! Running a bit late, be there soon.', 'Thanks so much for the help today!', 'Can we move our call to Friday afternoon?'] },
      sam,
      'premium',
    );
    const history = Array.from({ length: 14 }, (_, i) => ({ role: (i % 2 ? 'assistant' : 'user') as 'user' | 'assistant', content: `history ${i}` }));
    await send(h, sam, 'What should I do today?', history, 'premium');

    const { messages } = lastCompletion();
    const system = messages[0];
    expect(system.role).toBe('system');
    expect(system.content).toContain(PERSONALITIES.witty_sarcastic.systemPrompt);
    expect(system.content).toContain(CAREERS.realtor.contextPrompt);
    expect(system.content).toContain("User's name is Sam");
    expect(system.content).toContain('Lives in Portland');
    expect(system.content).toContain('Warm and direct, with short sentences.');
    expect(messages.slice(1, -1).map((m) => m.content)).toEqual(history.slice(-10).map((m) => m.content));
    expect(messages.at(-1)).toEqual({ role: 'user', content: 'What should I do today?' });
  });

  it('falls back to the default personality and no career context after a downgrade to free', async () => {
    const user = h.newUser();
    await h.call(api.chat.setCareer, { careerProfile: 'healthcare' }, user, 'premium');
    await send(h, user, 'hello', [], 'free');
    const system = lastCompletion().messages[0].content;
    expect(system).toContain(PERSONALITIES.friendly_companion.systemPrompt);
    expect(system).not.toContain('Career context');
  });

  it('answers a triggered quick-response shortcut from its template without calling the model', async () => {
    const user = h.newUser();
    await h.call(api.chat.createShortcut, { name: 'Busy', trigger_phrases: ['In a meeting'], response_template: "I'm in a meeting, talk soon." }, user);
    const before = model.completions().length;
    const res = await send(h, user, '  in a MEETING ');
    expect(res.reply).toBe("I'm in a meeting, talk soon.");
    expect(res.actions).toEqual([]);
    expect(model.completions()).toHaveLength(before);
    const [shortcut] = await h.call(api.chat.shortcuts, {}, user);
    expect(shortcut.usage_count).toBe(1);
  });

  it('answers 503 naming the provider when the model server fails', async () => {
    const error = await h.fail(api.chat.send, { message: 'server error now' }, h.newUser());
    expect(error.kind).toBe('PROVIDER_UNAVAILABLE');
    expect(error.message).toMatch(/language model is unavailable/);
  });
});

describe('personality preview and twin training with a model', () => {
  it('previews a personality through the model with its system prompt', async () => {
    const res = await h.call(api.chat.previewPersonality, { personalityId: 'wise_mentor', message: 'How do I focus?' }, h.newUser());
    expect(res.response).toBe('Fake model reply to: How do I focus?');
    expect(lastCompletion().messages[0].content).toBe(PERSONALITIES.wise_mentor.systemPrompt);
  });

  it('asks the model for the twin profile and stores it', async () => {
    const user = h.newUser();
    const res = await h.call(
      api.chat.trainTwin,
      {
        samples: ['Looking forward to seeing you all next week!', 'Please send me the report by Monday.', 'Short one', 'Could we meet at the cafe instead?'],
        facts: 'I am a teacher',
      },
      user,
    );
    expect(res.profile).toEqual({ voice_summary: 'Warm and direct, with short sentences.', tone_adjectives: ['warm', 'direct', 'upbeat'] });
    expect(lastCompletion().response_format).toEqual({ type: 'json_object' });
    expect(lastCompletion().messages[1].content).not.toContain('Short one');
    const twin = await h.call(api.chat.twin, {}, user);
    expect(twin).toMatchObject({ trained: true, facts: 'I am a teacher', profile: res.profile });
    expect(twin.samples).toHaveLength(3);
  });
});
