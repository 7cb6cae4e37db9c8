import type { CallVoiceService, SpeakingNode } from '../call-voice/call-voice.service';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConversationModel, type ConversationMessage } from './conversation-model.provider';
import type { ConversationState, ConversationStateStore } from './conversation-state.store';
import { FALLBACK_REPLY, FAREWELL, MAX_CONVERSATION_MS } from './conversation.constants';
import { ConversationEngine } from './conversation.engine';

class MemoryStore {
  states = new Map<string, ConversationState>();
  async get(callSid: string) {
    const state = this.states.get(callSid);
    return state ? structuredClone(state) : null;
  }
  async create(state: ConversationState) {
    if (!this.states.has(state.callSid)) this.states.set(state.callSid, structuredClone(state));
    return structuredClone(this.states.get(state.callSid)!);
  }
  async save(state: ConversationState) {
    this.states.set(state.callSid, structuredClone(state));
  }
}

class ScriptedModel extends ConversationModel {
  readonly configured = true;
  fail = false;
  async reply(messages: ConversationMessage[]) {
    if (this.fail) throw new Error('model down');
    return `You said: ${messages.at(-1)!.content}`;
  }
  async classify() {
    return null;
  }
}

/** The owner's voice as CallVoiceService gives it: off by default; on, each line plays a clip of it. */
function callVoice(ownerVoice = false) {
  return {
    ownerVoiceOn: async () => ownerVoice,
    speak: async (node: SpeakingNode, text: string, _userId: string, on?: boolean) => {
      if (on) node.play(`https://jarvis.test/webhooks/telephony/audio/${encodeURIComponent(text)}`);
      else node.say(text);
    },
  } as unknown as CallVoiceService;
}

function engine(ownerVoice = false) {
  const model = new ScriptedModel();
  const store = new MemoryStore();
  return { model, store, engine: new ConversationEngine(model, store as unknown as ConversationStateStore, callVoice(ownerVoice)) };
}

const start = { callSid: 'CA1', userId: 'u1', systemPrompt: 'Be brief', greeting: 'Hello!', turnUrl: 'https://jarvis.test/webhooks/telephony/turn' };

afterEach(() => vi.useRealTimers());

describe('ConversationEngine', () => {
  it("speaks every line in the owner's cloned voice when it is on, Twilio's voice otherwise", async () => {
    const cloned = engine(true).engine;
    const first = await cloned.start(start);
    expect(first).toContain('<Play>https://jarvis.test/webhooks/telephony/audio/Hello!</Play>');
    expect(first).not.toContain('<Say>');
    const bye = await cloned.turn('CA1', 'goodbye');
    expect(bye).toMatch(/<Play>[^<]+<\/Play><Hangup\/>/);

    const plain = await engine(false).engine.start(start);
    expect(plain).toContain('<Say>Hello!</Say>');
    expect(plain).not.toContain('<Play>');
  });

  it('hangs up with a farewell once 5 minutes have passed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { engine: e } = engine();
    await e.start(start);
    expect(await e.turn('CA1', 'first point')).toContain('<Gather');
    vi.setSystemTime(Date.now() + MAX_CONVERSATION_MS);
    const last = await e.turn('CA1', 'second point');
    expect(last).toContain('You said: second point');
    expect(last).toContain(FAREWELL);
    expect(last).toContain('<Hangup/>');
  });

  it('keeps talking with an apology when the model fails mid-call', async () => {
    const { engine: e, model } = engine();
    await e.start(start);
    model.fail = true;
    expect(await e.turn('CA1', 'hello?')).toContain(FALLBACK_REPLY);
  });

  it('a retried first webhook keeps the conversation so far', async () => {
    const { engine: e } = engine();
    await e.start(start);
    await e.turn('CA1', 'my name is Ann');
    await e.start(start);
    expect((await e.summary('CA1'))?.transcript).toContain('Caller: my name is Ann');
  });

  it('hangs up a call it does not know', async () => {
    const { engine: e } = engine();
    expect(await e.turn('CA-unknown', 'hi')).toContain('<Hangup/>');
  });
});
