import { api, QUEUES } from '@jarvis/contracts';
import { JobQueue } from '@jarvis/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OutboundHarness, startOutbound } from '../testing/outbound-harness';

let h: OutboundHarness;
beforeAll(async () => {
  h = await startOutbound('scenario-schedules');
});
afterAll(() => h?.close());

describe('a scheduled scenario on three replicas', () => {
  it('calls once at its time, however many replicas upserted its schedule and after one of them restarted', async () => {
    const second = await h.startReplica();
    await h.startReplica();
    const alice = h.premium();
    h.neighbours.profiles.set(alice.id, { username: 'alice', firstName: 'Alice', lastName: null, email: null, tier: 'premium' });
    // Schedules are at least 15 minutes apart: a daily one at the next whole minute (New York time) at least 25 s away.
    const at = new Date(Math.ceil((Date.now() + 25_000) / 60_000) * 60_000);
    const [hour, minute] = new Intl.DateTimeFormat('en-GB', { timeZone: 'America/New_York', hour: 'numeric', minute: 'numeric', hourCycle: 'h23' })
      .format(at)
      .split(':')
      .map(Number);
    const body = {
      name: 'Daily check-in', scenario_type: 'check_in' as const, message_template: 'Checking in, {{firstName}}.',
      target_phone_number: '+12125550501', schedule_enabled: true, schedule_cron: `${minute} ${hour} * * *`,
    };
    const scenario = await h.call(api.telephony.createScenario, body, alice);
    // Saved again through whichever replicas NATS picks, then one replica restarts.
    for (let i = 0; i < 4; i++) await h.call(api.telephony.updateScenario, { id: scenario.id, ...body }, alice);
    await second.close();
    await h.startReplica();
    const queue = h.get(JobQueue).queue(QUEUES.callScenarios);
    expect((await queue.getJobSchedulers()).filter((s) => s.key === `scenario-${scenario.id}`)).toHaveLength(1);

    const logs = await h.until(() => h.call(api.telephony.callLogs, {}, alice), (l) => l.length > 0, 100_000);
    await new Promise((r) => setTimeout(r, 3_000));
    const after = await h.call(api.telephony.callLogs, {}, alice);
    expect(after).toHaveLength(1);
    expect(logs[0]).toMatchObject({ scenario: 'check_in', phoneNumber: '+12125550501' });
    expect((await h.ended(alice, after[0].id)).status).toBe('completed');
    expect(h.placedTo('+12125550501')[0].twiml[0]).toContain('Checking in, Alice.');
    const [listed] = (await h.call(api.telephony.scenarios, {}, alice)).scenarios;
    expect(listed.last_executed).not.toBeNull();
  }, 150_000);
});
