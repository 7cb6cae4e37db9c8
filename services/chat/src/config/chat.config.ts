import { loadConfig, optionalSecret } from '@jarvis/platform';
import { z } from 'zod';

const optionalUrl = optionalSecret.refine((v) => v === undefined || /^https?:\/\//.test(v), 'must be an http(s) URL');

/** The chat service's provider configuration, read once at boot (names from DESIGN.md). */
export const chatConfigSchema = z.object({
  OPENAI_API_KEY: optionalSecret,
  /** Any OpenAI-compatible server (Ollama, vLLM, LM Studio); with it set, no key is needed. */
  OPENAI_BASE_URL: optionalUrl,
  OPENAI_MODEL: optionalSecret.transform((v) => v ?? 'gpt-4o-mini'),
  /** The strongest configured model, for the enterprise plan; falls back to OPENAI_MODEL. */
  OPENAI_MODEL_ENTERPRISE: optionalSecret,
  OPENWEATHER_API_KEY: optionalSecret,
  OPENWEATHER_BASE_URL: optionalUrl.transform((v) => v ?? 'https://api.openweathermap.org'),
  TICKETMASTER_API_KEY: optionalSecret,
  TICKETMASTER_BASE_URL: optionalUrl.transform((v) => v ?? 'https://app.ticketmaster.com'),
  DISCORD_BOT_TOKEN: optionalSecret,
  /** The versioned REST root: paths such as /users/@me/guilds are appended to it. */
  DISCORD_BASE_URL: optionalUrl.transform((v) => v ?? 'https://discord.com/api/v10'),
  PERPLEXITY_API_KEY: optionalSecret,
  PERPLEXITY_BASE_URL: optionalUrl.transform((v) => v ?? 'https://api.perplexity.ai'),
  PERPLEXITY_MODEL: optionalSecret.transform((v) => v ?? 'sonar'),
});

/** DI token of the chat configuration: `@Inject(CHAT_CONFIG) config: ChatConfig`. */
export const CHAT_CONFIG = Symbol('CHAT_CONFIG');
export type ChatConfig = z.output<typeof chatConfigSchema>;

export function loadChatConfig(env: NodeJS.ProcessEnv = process.env): ChatConfig {
  return loadConfig(chatConfigSchema, env, 'chat service');
}

/** Strips trailing slashes so paths can be appended with a leading one. */
export function baseUrl(url: string): string {
  return url.replace(/\/+$/, '');
}
