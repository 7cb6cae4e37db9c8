import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../api/routes';
import type { ActionType } from '@jarvis/contracts';
import { answer, failure, routeFetch, testPhoneMessage, testReminder } from '../../../test/render';
import { CONTRACTS_URL } from '../../contracts/contracts-url';
import { executeAction } from './execute-action';

const speakText = vi.hoisted(() => vi.fn(async () => 'played' as const));
vi.mock('../../voice/speech-playback', () => ({ speakText }));

function stub(routes: Parameters<typeof routeFetch>[0]) {
  const fake = routeFetch(routes);
  vi.stubGlobal('fetch', vi.fn(fake.fetch));
  return fake.calls;
}
afterEach(() => {
  vi.unstubAllGlobals();
  speakText.mockClear();
});

const unconfigured = (provider: string) => ({
  status: 503,
  body: { error: `${provider} is not configured.`, code: 'PROVIDER_UNAVAILABLE' },
});

describe('executeAction', () => {
  it('creates a reminder and refreshes the reminders', async () => {
    const calls = stub(answer(api.calendar.createReminder, testReminder(), { status: 201 }));
    const outcome = await executeAction({
      type: 'create_reminder',
      args: { title: 'call mom', when: 'tomorrow at 5pm' },
    });
    expect(calls[0].body).toEqual({ title: 'call mom', when: 'tomorrow at 5pm' });
    expect(outcome).toMatchObject({
      ok: true,
      toast: { title: 'Reminder Created' },
      invalidate: [['/api/reminders']],
    });
  });

  it("reports a failed reminder as 'Action Failed' with the type and the server's text", async () => {
    stub(
      failure(api.calendar.createReminder, 400, {
        error: 'Could not understand the time',
        code: 'VALIDATION',
      }),
    );
    const outcome = await executeAction({ type: 'create_reminder', args: { title: 'x', when: 'blorp' } });
    expect(outcome.ok).toBe(false);
    expect(outcome.toast).toEqual({
      title: 'Action Failed',
      description: 'Failed to execute create_reminder: Could not understand the time',
      variant: 'destructive',
    });
  });

  it('shows the weather as a card, and a provider error as Weather Error', async () => {
    const paris = { location: 'Paris' };
    stub(
      answer(
        api.chat.weather,
        { location: 'Paris', temperature: 18, description: 'clear', windSpeed: 9, humidity: 40 },
        { params: paris },
      ),
    );
    expect(await executeAction({ type: 'get_weather', args: { location: 'Paris' } })).toMatchObject({
      ok: true,
      card: { kind: 'weather', weather: { location: 'Paris' } },
    });
    stub({ 'GET /api/weather/current/Paris': unconfigured('OpenWeatherMap') });
    expect((await executeAction({ type: 'get_weather', args: { location: 'Paris' } })).toast).toMatchObject({
      title: 'Weather Error',
      description: 'OpenWeatherMap is not configured.',
    });
  });

  it('asks for a 5-day forecast unless the action names the days', async () => {
    const calls = stub(
      answer(api.chat.forecast, { location: 'Boston', forecast: [] }, { params: { location: 'Boston' } }),
    );
    await executeAction({ type: 'get_forecast', args: { location: 'Boston' } });
    await executeAction({ type: 'get_forecast', args: { location: 'Boston', days: 2 } });
    expect(calls.map((c) => c.path)).toEqual([
      '/api/weather/forecast/Boston',
      '/api/weather/forecast/Boston',
    ]);
    const urls = (fetch as unknown as { mock: { calls: [string][] } }).mock.calls.map(([url]) => url);
    expect(urls).toEqual(['/api/weather/forecast/Boston?days=5', '/api/weather/forecast/Boston?days=2']);
  });

  it('says No Events Found in the two variants, with radius 50 by default nearby', async () => {
    const calls = stub({ ...answer(api.chat.searchEvents, []), ...answer(api.chat.eventsNear, []) });
    expect((await executeAction({ type: 'search_events', args: { keyword: 'jazz' } })).toast).toMatchObject({
      title: 'No Events Found',
      description: 'No events match your search criteria',
    });
    expect(
      (await executeAction({ type: 'find_events_near', args: { location: 'Austin' } })).toast,
    ).toMatchObject({
      title: 'No Events Found',
      description: 'No events found in your area',
    });
    expect(calls[1].body).toEqual({ location: 'Austin', radius: 50 });
  });

  it('caps the web-search toast at 150 characters for 8 seconds and keeps the full text in the card', async () => {
    const text = 'word '.repeat(100);
    const calls = stub(answer(api.chat.webSearch, { text, citations: [] }));
    const outcome = await executeAction({ type: 'search_web', args: { query: 'news' } });
    expect(calls[0].body).toEqual({ query: 'news', searchRecency: 'day' });
    expect(outcome.toast?.description?.length).toBeLessThanOrEqual(150);
    expect(outcome.toast?.durationMs).toBe(8_000);
    expect(outcome.card).toMatchObject({ kind: 'web_search', text });
  });

  it('shows the generic web-search toast for 5 seconds when the search answers no text', async () => {
    stub(answer(api.chat.webSearch, { text: '', citations: [] }));
    const outcome = await executeAction({ type: 'search_web', args: { query: 'news' } });
    expect(outcome.toast).toEqual({
      title: 'Web Search Complete',
      description: 'Nothing to summarise for "news".',
      durationMs: 5_000,
    });
  });

  it('says a search over the daily quota reached its limit and when it resets', async () => {
    stub(
      failure(api.chat.webSearch, 429, {
        error: 'Daily limit reached for web searches: the Free plan includes 10 requests a day.',
        code: 'QUOTA_EXCEEDED',
        kind: 'web_searches',
        limit: 10,
        resetsAt: '2026-01-15T05:00:00.000Z',
        requiresUpgrade: true,
      }),
    );
    expect(await executeAction({ type: 'search_web', args: { query: 'news' } })).toMatchObject({
      ok: false,
      toast: {
        title: 'Daily limit reached',
        description:
          'Daily limit reached for web searches: the Free plan includes 10 requests a day. It resets at 12:00 AM ET. Upgrade your plan for more.',
        variant: 'destructive',
      },
    });
  });

  it('drafts locally, calling the draft endpoint only for a booking link', async () => {
    const calls = stub(answer(api.chat.draftMessage, { message: 'Hi! Book me: https://x/book/abc' }));
    expect(await executeAction({ type: 'draft_text_message', args: { message: 'Hi!' } })).toMatchObject({
      ok: true,
      toast: { title: 'Message Drafted' },
      card: { kind: 'sms_draft', message: 'Hi!' },
    });
    expect(calls).toHaveLength(0);
    expect(
      await executeAction({ type: 'draft_text_message', args: { message: 'Hi!', includeBookingLink: true } }),
    ).toMatchObject({
      card: { message: 'Hi! Book me: https://x/book/abc' },
      toast: { title: 'Message Ready', variant: 'success' },
    });
    expect(calls).toHaveLength(1);
  });

  it('makes no call for Notion or Linear and says setup is needed, without failing the action', async () => {
    const calls = stub({});
    const notion = await executeAction({ type: 'create_notion_task', args: { title: 'x' } });
    expect(notion).toMatchObject({ pending: true, toast: { title: 'Notion Setup Required' } });
    expect(notion.toast?.variant).toBeUndefined();
    const linear = await executeAction({ type: 'create_linear_issue', args: { title: 'x' } });
    expect(linear).toMatchObject({ pending: true, toast: { title: 'Linear Setup Required' } });
    expect(calls).toHaveLength(0);
  });

  it('opens the contracts document service in a new tab for generate_contract, with no call', async () => {
    const calls = stub({});
    const outcome = await executeAction({ type: 'generate_contract', args: {} });
    expect(outcome).toMatchObject({ ok: true, openUrl: CONTRACTS_URL });
    expect(outcome.toast?.variant).not.toBe('destructive');
    expect(calls).toHaveLength(0);
  });

  it('shows the events found and reads a summary of the first 3 aloud', async () => {
    const event = (name: string, day: string, venue: string) => ({
      name,
      dates: { start: { localDate: day } },
      venue: { name: venue },
    });
    stub(
      answer(api.chat.searchEvents, [
        event('Jazz Night', '2026-07-04', 'Blue Note'),
        event('Late Set', '2026-07-05', 'Village Vanguard'),
        event('Big Band', '2026-07-06', 'Birdland'),
        event('Trio', '2026-07-07', 'Smalls'),
        event('Quartet', '2026-07-08', 'Mezzrow'),
      ]),
    );
    const outcome = await executeAction({ type: 'search_events', args: { keyword: 'jazz' } });
    expect(outcome.card).toMatchObject({ kind: 'events' });
    const summary =
      'I found 5 events: Jazz Night on July 4 at Blue Note, Late Set on July 5 at Village Vanguard, ' +
      'Big Band on July 6 at Birdland and 2 more.';
    expect(outcome.speak).toBe(summary);
    await vi.waitFor(() => expect(speakText).toHaveBeenCalledWith(summary, 'action'));
  });

  it('reads a summary of up to 3 phone messages aloud, each with a 50-character preview', async () => {
    const message = (caller_name: string, transcript: string) => ({
      ...testPhoneMessage({ caller_name, transcript }),
    });
    stub(
      answer(api.telephony.phoneMessages, [
        message('Mom', 'Call me back about the dentist appointment tomorrow morning please'),
        message('Dr. Lee', 'Your results are ready'),
        message('Sam', 'Running late'),
        message('Ana', 'Lunch?'),
      ]),
    );
    const outcome = await executeAction({ type: 'get_phone_messages', args: {} });
    expect(outcome.speak).toBe(
      'You have 4 phone messages. Mom: Call me back about the dentist appointment tomorr…, ' +
        'Dr. Lee: Your results are ready, Sam: Running late and 1 more.',
    );
    await vi.waitFor(() => expect(speakText).toHaveBeenCalledTimes(1));
  });

  it("shows the phone service's error as Phone Error, and No Phone Calls for an empty list", async () => {
    stub({});
    expect((await executeAction({ type: 'check_phone_calls', args: {} })).toast).toMatchObject({
      title: 'Phone Error',
      description: 'Service unavailable',
    });
    stub(answer(api.telephony.phoneMessages, []));
    expect((await executeAction({ type: 'get_phone_messages', args: {} })).toast?.title).toBe(
      'No Phone Calls',
    );
  });

  it('reports Premium Feature when an email action needs an upgrade', async () => {
    stub(
      failure(
        api.mail.trash,
        402,
        { error: 'Upgrade', code: 'PLAN_REQUIRED', requiresUpgrade: true },
        { params: { messageId: 'm1' } },
      ),
    );
    expect((await executeAction({ type: 'trash_email', args: { messageId: 'm1' } })).toast).toMatchObject({
      title: 'Premium Feature',
      description: 'Email management requires Premium or Enterprise plan',
    });
  });

  it('runs the image question a reply offers as a card with the prompt of the reply', async () => {
    expect(await executeAction({ type: 'image_analysis', args: { prompt: 'Which plant is this?' } })).toEqual(
      {
        ok: true,
        card: { kind: 'image_question', prompt: 'Which plant is this?' },
      },
    );
  });
});

describe('action registry', () => {
  it('has one handler for every action type', async () => {
    const { ACTION_TYPES } = await import('@jarvis/contracts');
    const { loadActionRegistry } = await import('./execute-action');
    const handled = [...(await loadActionRegistry()).keys()].sort();
    expect(handled).toEqual([...ACTION_TYPES].sort());
  });

  it('answers a type no area handles as not available yet', async () => {
    const unknown = 'book_flight' as ActionType;
    expect((await executeAction({ type: unknown, args: {} })).toast).toEqual({
      title: 'Action Failed',
      description: 'Failed to execute book_flight: This action is not available in Jarvis yet.',
      variant: 'destructive',
    });
  });
});

describe('fake API answers', () => {
  it('are typed by the contract, so a drifted fake does not compile', () => {
    // @ts-expect-error the weather response declares temperature, description, windSpeed and humidity too
    const drifted = answer(api.chat.weather, { location: 'Paris' }, { params: { location: 'Paris' } });
    expect(Object.keys(drifted)).toEqual(['GET /api/weather/current/Paris']);
  });
});
