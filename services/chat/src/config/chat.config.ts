import { infraConfigSchema, optionalSecret, optionalUrl, providerBaseUrl } from '@jarvis/platform';
import { z } from 'zod';

/**
 * The chat service's configuration (names from DESIGN.md), read once at start with the infrastructure variables and
 * provided by `ServicePlatformModule.forService({ config })`.
 */
export const chatConfigSchema = infraConfigSchema.extend({
  OPENAI_API_KEY: optionalSecret,
  /** Any OpenAI-compatible server (Ollama, vLLM, LM Studio); with it set, no key is needed. */
  OPENAI_BASE_URL: optionalUrl,
  OPENAI_MODEL: optionalSecret.transform((v) => v ?? 'gpt-4o-mini'),
  /** The strongest configured model, for the enterprise plan; falls back to OPENAI_MODEL. */
  OPENAI_MODEL_ENTERPRISE: optionalSecret,
  OPENWEATHER_API_KEY: optionalSecret,
  OPENWEATHER_BASE_URL: providerBaseUrl('https://api.openweathermap.org'),
  TICKETMASTER_API_KEY: optionalSecret,
  TICKETMASTER_BASE_URL: providerBaseUrl('https://app.ticketmaster.com'),
  DISCORD_BOT_TOKEN: optionalSecret,
  /** The bot's application (client) id: the /discord-setup install link is built from it. */
  DISCORD_CLIENT_ID: optionalSecret,
  /** The application's OAuth2 secret: the install callback exchanges Discord's code with it. */
  DISCORD_CLIENT_SECRET: optionalSecret,
  /** The versioned REST root: paths such as /guilds/{id} are appended to it. */
  DISCORD_BASE_URL: providerBaseUrl('https://discord.com/api/v10'),
  /** Where Discord's OAuth2 lives: the browser goes to /oauth2/authorize under it, the code goes to /api/oauth2/token. */
  DISCORD_OAUTH_BASE_URL: providerBaseUrl('https://discord.com'),
  PERPLEXITY_API_KEY: optionalSecret,
  PERPLEXITY_BASE_URL: providerBaseUrl('https://api.perplexity.ai'),
  PERPLEXITY_MODEL: optionalSecret.transform((v) => v ?? 'sonar'),
});

/** DI token of the chat configuration: `@Inject(CHAT_CONFIG) config: ChatConfig`. */
export const CHAT_CONFIG = Symbol('CHAT_CONFIG');
export type ChatConfig = z.output<typeof chatConfigSchema>;

/** The config for `ServicePlatformModule.forService({ config })`: validated at start, injected by CHAT_CONFIG. */
export const chatConfig = { token: CHAT_CONFIG, schema: chatConfigSchema };
