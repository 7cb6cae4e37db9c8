import { api } from '@jarvis/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoopbackFake } from '@jarvis/testing';
import { CHANNEL_ID, GUILD_ID, startDiscordFake } from '@jarvis/testing/fakes';
import { startOpenWeatherFake } from './testing/fakes/openweather.fake';
import { startPerplexityFake } from './testing/fakes/perplexity.fake';
import { startTicketmasterFake } from './testing/fakes/ticketmaster.fake';
import { type ChatHarness, startChat } from './testing/chat-harness';

let h: ChatHarness;
let weather: LoopbackFake;
let events: LoopbackFake;
let discord: LoopbackFake;
let search: LoopbackFake;
const user = crypto.randomUUID();

beforeAll(async () => {
  [weather, events, discord, search] = await Promise.all([
    startOpenWeatherFake('ow-key'),
    startTicketmasterFake('tm-key'),
    startDiscordFake('bot-token'),
    startPerplexityFake('px-key'),
  ]);
  h = await startChat('chat-providers', {
    OPENWEATHER_API_KEY: 'ow-key',
    OPENWEATHER_BASE_URL: weather.url,
    TICKETMASTER_API_KEY: 'tm-key',
    TICKETMASTER_BASE_URL: events.url,
    DISCORD_BOT_TOKEN: 'bot-token',
    DISCORD_CLIENT_ID: '123456789012345678',
    DISCORD_BASE_URL: discord.url,
    PERPLEXITY_API_KEY: 'px-key',
    PERPLEXITY_BASE_URL: search.url,
  });
});
afterAll(async () => {
  await h?.close();
  await Promise.all([weather, events, discord, search].map((f) => f?.close()));
});

describe('weather (OpenWeatherMap)', () => {
  it('asks for metric units with the key and answers Celsius, km/h and percent', async () => {
    const res = await h.call(api.chat.weather, { location: 'Paris' }, user);
    expect(res).toEqual({ location: 'Paris, FR', temperature: 18.4, description: 'broken clouds', windSpeed: 18, humidity: 64 });
    const req = weather.last();
    expect(req.path).toBe('/data/2.5/weather');
    expect(Object.fromEntries(req.query)).toEqual({ q: 'Paris', units: 'metric', appid: 'ow-key' });
  });

  it('aggregates the 3-hourly forecast per local day, 5 days by default', async () => {
    const res = await h.call(api.chat.forecast, { location: 'Paris' }, user);
    expect(weather.last().path).toBe('/data/2.5/forecast');
    expect(res.location).toBe('Paris, FR');
    expect(res.forecast).toHaveLength(5);
    expect(res.forecast[0]).toEqual({ date: '2026-05-06', temperature: { min: 10, max: 20 }, description: 'clear sky' });
    expect(res.forecast[1]).toEqual({ date: '2026-05-07', temperature: { min: 11, max: 21 }, description: 'clear sky' });
    const three = await h.call(api.chat.forecast, { location: 'Paris', days: '3' as unknown as number }, user);
    expect(three.forecast.map((d) => d.date)).toEqual(['2026-05-06', '2026-05-07', '2026-05-08']);
  });

  it('answers 404 with a message for an unknown place', async () => {
    const error = await h.fail(api.chat.weather, { location: 'Atlantis' }, user);
    expect(error).toMatchObject({ kind: 'NOT_FOUND', code: 'LOCATION_NOT_FOUND' });
    expect(error.message).toContain('Atlantis');
  });
});

describe('events (Ticketmaster Discovery)', () => {
  it('searches by keyword, city, genre and size and maps name, date and venue', async () => {
    const res = await h.call(api.chat.searchEvents, { keyword: 'jazz', location: 'Chicago', genre: 'music', size: 5 }, user);
    expect(res[0]).toMatchObject({ name: 'Jazz Night', dates: { start: { localDate: '2026-06-01' } }, venue: { name: 'Blue Note' } });
    expect(res[1]).toEqual({ id: 'vv2', name: 'Open Air', dates: { start: { localDate: '2026-06-02' } } });
    const q = events.last().query;
    expect(events.last().path).toBe('/discovery/v2/events.json');
    expect([q.get('apikey'), q.get('keyword'), q.get('city'), q.get('classificationName'), q.get('size')]).toEqual(['tm-key', 'jazz', 'Chicago', 'music', '5']);
  });

  it('finds events near a city with radius 50 by default, or near a lat,lon point', async () => {
    await h.call(api.chat.eventsNear, { location: 'Austin' }, user);
    expect([events.last().query.get('city'), events.last().query.get('radius'), events.last().query.get('unit')]).toEqual(['Austin', '50', 'miles']);
    await h.call(api.chat.eventsNear, { location: '30.27,-97.74', radius: 10, keyword: 'rock' }, user);
    const q = events.last().query;
    expect([q.get('latlong'), q.get('city'), q.get('radius'), q.get('keyword')]).toEqual(['30.27,-97.74', null, '10', 'rock']);
  });

  it('answers an empty list when nothing matches', async () => {
    expect(await h.call(api.chat.searchEvents, { keyword: 'nothing' }, user)).toEqual([]);
  });
});

describe('Discord (REST v10 with a bot token)', () => {
  it("lists none of the bot's servers to a user who added it to none, after checking the bot token", async () => {
    expect(await h.call(api.chat.discordServers, {}, user)).toEqual([]);
    expect(discord.last().headers.authorization).toBe('Bot bot-token');
    expect(discord.last().path).toBe('/users/@me');
  });

  it('answers 404 for a server and a channel the user did not add the bot to, without posting', async () => {
    expect((await h.fail(api.chat.discordChannels, { guildId: GUILD_ID }, user)).kind).toBe('NOT_FOUND');
    expect((await h.fail(api.chat.discordMessage, { channelId: CHANNEL_ID, content: 'Hello team' }, user)).kind).toBe('NOT_FOUND');
    expect(discord.requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('answers a null install link while DISCORD_CLIENT_SECRET is not set, without calling Discord', async () => {
    const calls = discord.requests.length;
    expect(await h.call(api.chat.discordInvite, {}, user)).toEqual({ inviteUrl: null });
    expect(discord.requests.length).toBe(calls);
  });

  it('refuses the invite link to a visitor', async () => {
    expect((await h.fail(api.chat.discordInvite, {}, null)).kind).toBe('UNAUTHENTICATED');
  });
});

describe('web search (Perplexity)', () => {
  it('sends the query with recency day by default and answers text and citations', async () => {
    const res = await h.call(api.chat.webSearch, { query: 'electric bikes' }, user);
    expect(res).toEqual({ text: 'Latest on electric bikes: all good.', citations: ['https://example.com/a', 'https://example.com/b'] });
    expect(search.last().headers.authorization).toBe('Bearer px-key');
    expect(search.last().body).toMatchObject({ model: 'sonar', search_recency_filter: 'day' });
    await h.call(api.chat.webSearch, { query: 'x', searchRecency: 'week' }, user);
    expect(search.last().body.search_recency_filter).toBe('week');
  });
});

describe('unconfigured providers', () => {
  let bare: ChatHarness;
  beforeAll(async () => {
    bare = await startChat('chat-unconfigured');
  });
  afterAll(() => bare?.close());

  it('answers a null invite link when DISCORD_CLIENT_ID is not set', async () => {
    expect(await bare.call(api.chat.discordInvite, {}, bare.newUser())).toEqual({ inviteUrl: null });
  });

  it.each([
    ['OpenWeatherMap', 'OPENWEATHER_API_KEY', () => bare.fail(api.chat.weather, { location: 'Paris' }, bare.newUser())],
    ['OpenWeatherMap', 'OPENWEATHER_API_KEY', () => bare.fail(api.chat.forecast, { location: 'Paris' }, bare.newUser())],
    ['Ticketmaster', 'TICKETMASTER_API_KEY', () => bare.fail(api.chat.searchEvents, { keyword: 'jazz' }, bare.newUser())],
    ['Ticketmaster', 'TICKETMASTER_API_KEY', () => bare.fail(api.chat.eventsNear, { location: 'Austin' }, bare.newUser())],
    ['Discord', 'DISCORD_BOT_TOKEN', () => bare.fail(api.chat.discordServers, {}, bare.newUser())],
    ['Discord', 'DISCORD_BOT_TOKEN', () => bare.fail(api.chat.discordChannels, { guildId: '123456789' }, bare.newUser())],
    ['Discord', 'DISCORD_BOT_TOKEN', () => bare.fail(api.chat.discordMessage, { channelId: '123456789', content: 'hi' }, bare.newUser())],
    ['Perplexity', 'PERPLEXITY_API_KEY', () => bare.fail(api.chat.webSearch, { query: 'news' }, bare.newUser())],
  ])('%s answers 503 naming %s', async (provider, variable, call) => {
    const error = await call();
    expect(error).toMatchObject({ kind: 'PROVIDER_UNAVAILABLE', details: { provider, variables: [variable] } });
    expect(error.message).toBe(`${provider} is not configured. Set ${variable} to enable it.`);
  });
});
