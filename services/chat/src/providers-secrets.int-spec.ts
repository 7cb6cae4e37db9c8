import type { Type } from '@nestjs/common';
import { api } from '@jarvis/contracts';
import { createLogger } from '@jarvis/platform';
import { captureLogs, closedPortUrl, type LogCapture, leakedSecrets, secretsIn } from '@jarvis/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiscordProvider } from './discord/discord.provider';
import { EventsProvider } from './events/events.provider';
import { ChatModel } from './model/chat-model.provider';
import { type ChatHarness, startChat } from './testing/chat-harness';
import { WeatherProvider } from './weather/weather.provider';
import { WebSearchProvider } from './web-search/web-search.provider';

/** Recognisable credentials: none of them may be read in a log line or an error a caller gets. */
const SECRETS = {
  OPENAI_API_KEY: 'sk-openai-S3CR3T-chat-0a1b2c3d4e5f',
  OPENWEATHER_API_KEY: 'owm-S3CR3T-5e6f7a8b9c0d',
  TICKETMASTER_API_KEY: 'tm-S3CR3T-1f2e3d4c5b6a',
  DISCORD_BOT_TOKEN: 'discord-bot-S3CR3T.token.9z8y7x6w',
  DISCORD_CLIENT_SECRET: 'discord-client-S3CR3T-4v5u6t',
  PERPLEXITY_API_KEY: 'pplx-S3CR3T-3s4r5q6p7o8n',
};

let h: ChatHarness;
let logs: LogCapture;
const log = createLogger('providers-secrets-test');
const provider = <T>(token: abstract new (...args: never[]) => T): T => h.get(token as Type<T>);

/** Runs one adapter call that must fail and logs its error as the services' callers do; answers the error. */
async function failing(call: string, run: () => Promise<unknown>): Promise<{ call: string; error: unknown }> {
  try {
    await run();
    return { call, error: new Error(`${call} did not fail`) };
  } catch (error) {
    log.warn({ err: error }, `${call} failed`);
    return { call, error };
  }
}

beforeAll(async () => {
  const closed = await closedPortUrl();
  h = await startChat('chat-secrets', {
    ...SECRETS,
    OPENAI_BASE_URL: `${closed}/v1`,
    OPENWEATHER_BASE_URL: closed,
    TICKETMASTER_BASE_URL: closed,
    DISCORD_BASE_URL: closed,
    DISCORD_OAUTH_BASE_URL: closed,
    DISCORD_CLIENT_ID: '123456789012345678',
    PERPLEXITY_BASE_URL: closed,
  });
  logs = captureLogs();
});
afterAll(async () => {
  logs?.stop();
  await h?.close();
});

describe('chat providers failing at the network level keep their credentials to themselves', () => {
  it('answers the endpoints with a 503 naming the provider and no credential', async () => {
    const user = h.newUser('premium');
    for (const [endpoint, input] of [
      [api.chat.weather, { location: 'Paris' }],
      [api.chat.forecast, { location: 'Paris' }],
      [api.chat.searchEvents, { keyword: 'jazz' }],
      [api.chat.eventsNear, { location: 'Austin' }],
    ] as const) {
      const error = await h.fail(endpoint as typeof api.chat.weather, input as { location: string }, user);
      expect({ subject: endpoint.subject, kind: error.kind }).toEqual({ subject: endpoint.subject, kind: 'PROVIDER_UNAVAILABLE' });
      expect(secretsIn(error, SECRETS)).toEqual([]);
    }
  });

  it('wraps every adapter call in an error that carries no credential', async () => {
    const failures = [
      await failing('openai.complete', () => provider(ChatModel).complete({ tier: 'premium', messages: [{ role: 'user', content: 'hi' }] })),
      await failing('openweathermap.current', () => provider(WeatherProvider).current('Paris')),
      await failing('openweathermap.forecast', () => provider(WeatherProvider).forecast('Paris', 3)),
      await failing('ticketmaster.search', () => provider(EventsProvider).search({ keyword: 'jazz' })),
      await failing('ticketmaster.near', () => provider(EventsProvider).near({ location: 'Austin', radius: 50 })),
      await failing('perplexity.search', () => provider(WebSearchProvider).search('news', 'day')),
      await failing('discord.checkBot', () => provider(DiscordProvider).checkBot()),
      await failing('discord.server', () => provider(DiscordProvider).server('111111111111111111')),
      await failing('discord.textChannels', () => provider(DiscordProvider).textChannels('111111111111111111')),
      await failing('discord.channelServerId', () => provider(DiscordProvider).channelServerId('222222222222222222')),
      await failing('discord.sendMessage', () => provider(DiscordProvider).sendMessage('222222222222222222', 'hello')),
      await failing('discord.installedServer', () => provider(DiscordProvider).installedServer('oauth-code', 'https://jarvis.test/discord/callback')),
    ];
    for (const { call, error } of failures) {
      expect({ call, kind: (error as { kind?: string }).kind }).toEqual({ call, kind: 'PROVIDER_UNAVAILABLE' });
      expect({ call, leaked: secretsIn(error, SECRETS) }).toEqual({ call, leaked: [] });
    }
  });

  it('leaves no configured secret in anything logged meanwhile', () => {
    expect(logs.lines.length).toBeGreaterThan(0);
    expect(leakedSecrets(logs.text(), SECRETS)).toEqual([]);
  });
});
