import { api, type Tier } from '@jarvis/contracts';
import { infraConfigSchema } from '@jarvis/platform';
import { type Caller, type ServiceHarness, startServiceHarness } from '@jarvis/testing';
import { AppModule } from '../app.module';
import { chatConfigSchema } from '../config/chat.config';

/** Every variable of chat's own (providers); a harness starts from none of them set. */
export const PROVIDER_VARIABLES = Object.keys(chatConfigSchema.shape).filter((name) => !(name in infraConfigSchema.shape));

export type ChatHarness = ServiceHarness;

/** The real chat service on its own database and NATS prefix, with exactly the provider variables given. */
export function startChat(label: string, providers: Record<string, string> = {}): Promise<ChatHarness> {
  const env: Record<string, string | undefined> = Object.fromEntries(PROVIDER_VARIABLES.map((name) => [name, undefined]));
  return startServiceHarness('chat', AppModule, { label, env: { ...env, ...providers } });
}

/** Sends a chat message with optional history, parsed like the gateway does. */
export function send(h: ChatHarness, user: Caller, message: string, history: { role: 'user' | 'assistant'; content: string }[] = [], tier?: Tier) {
  return h.call(api.chat.send, { message, history }, user, tier);
}
