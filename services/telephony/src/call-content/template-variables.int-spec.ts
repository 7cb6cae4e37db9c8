import { api } from '@jarvis/contracts';
import { type LoopbackFake, startLoopback, type TestUser } from '@jarvis/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OutboundHarness, startOutbound } from '../testing/outbound-harness';
import { UNAVAILABLE } from './template-variables.service';

let h: OutboundHarness;
let lottery: LoopbackFake;
let lotteryUp = true;
beforeAll(async () => {
  // data.ny.gov's SODA API for the Powerball dataset.
  lottery = await startLoopback((req) => {
    if (!lotteryUp) return { status: 503, body: { message: 'down' } };
    if (req.path !== '/resource/d6yy-54nr.json') return { status: 404, body: {} };
    return { body: [{ draw_date: '2026-11-21T00:00:00.000', winning_numbers: '05 12 23 34 45 06', multiplier: '2' }] };
  });
  h = await startOutbound('template-variables', { LOTTERY_BASE_URL: lottery.url });
});
afterAll(async () => {
  await h?.close();
  await lottery?.close();
});

describe('template variables', () => {
  const template =
    'Good morning {{firstName}} ({{name}}). Today is {{date}}, {{time}}. {{weather}} {{news}} {{bibleVerse}} {{lottery}} {{unknown}}';

  async function spoken(user: TestUser, to: string) {
    const s = await h.call(
      api.telephony.createScenario,
      { name: 'Morning call', scenario_type: 'good_morning', message_template: template, target_phone_number: to, schedule_enabled: false },
      user,
    );
    const { callId } = await h.call(api.telephony.executeScenario, { id: s.id }, user);
    await h.ended(user, callId);
    return h.placedTo(to)[0].twiml[0];
  }

  it('are filled at call time from identity, chat, the user’s city, the verse list and New York’s Powerball draw', async () => {
    const alice = h.premium();
    h.neighbours.profiles.set(alice.id, { username: 'alice', firstName: 'Alice', lastName: 'Smith', email: null, tier: 'premium' });
    h.neighbours.locations.set(alice.id, 'Boston');
    h.neighbours.weather = { temperature: 10, description: 'light rain' };
    h.neighbours.news = 'Markets rose [1]. A storm moves east.';
    lotteryUp = true;
    const said = await spoken(alice, '+12125550402');
    expect(said).toContain('Good morning Alice (Alice Smith).');
    expect(said).toMatch(/Today is \w+day, \w+ \d{1,2}, 20\d\d, \d{1,2}:\d\d (AM|PM)\./);
    expect(said).toContain('In Boston it is 50 degrees Fahrenheit, 10 Celsius, with light rain.');
    expect(said).toContain('Markets rose. A storm moves east.');
    expect(said).toMatch(/ [1-9]\d?(:\d+(-\d+)?)?\./); // a verse reference
    expect(said).toContain('the numbers were 5, 12, 23, 34, 45, and the Powerball was 6, with a multiplier of 2.');
    expect(said).not.toContain('{{');
  });

  it('leave a short spoken sentence for a source that is not configured or not answering, never the raw variable', async () => {
    const bob = h.premium();
    h.neighbours.weather = undefined;
    h.neighbours.news = undefined;
    lotteryUp = false;
    const said = await spoken(bob, '+12125550403');
    expect(said).toContain('Good morning there (friend).');
    expect(said).toContain(UNAVAILABLE.weather);
    expect(said).toContain(UNAVAILABLE.news);
    expect(said).toContain(UNAVAILABLE.lottery);
    expect(said).not.toContain('{{');
  });
});
