import { api, type CallScenario, ErrorKind, QUEUES } from '@jarvis/contracts';
import { JobQueue } from '@jarvis/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OutboundHarness, startOutbound } from '../testing/outbound-harness';
import { ScenariosService } from './scenarios.service';

let h: OutboundHarness;
beforeAll(async () => {
  h = await startOutbound('scenarios');
});
afterAll(() => h?.close());

const body = (overrides: Partial<CallScenario> = {}) => ({
  name: 'Morning call',
  description: 'Wake up',
  scenario_type: 'good_morning' as const,
  message_template: 'Good morning {{firstName}}!',
  target_phone_number: '+12125550401',
  schedule_enabled: false,
  schedule_timezone: 'America/New_York',
  is_active: true,
  ...overrides,
});
const schedulerOf = (id: string) => h.get(JobQueue).queue(QUEUES.callScenarios).getJobScheduler(`scenario-${id}`);

describe('call scenarios', () => {
  it('are created with the default 8 AM New York schedule, listed, changed and deleted, each user seeing only their own', async () => {
    const alice = h.premium();
    const bob = h.premium();
    const created = await h.call(api.telephony.createScenario, body({ schedule_enabled: true }), alice);
    expect(created).toMatchObject({
      name: 'Morning call', description: 'Wake up', scenario_type: 'good_morning', schedule_enabled: true,
      schedule_cron: '0 8 * * *', schedule_timezone: 'America/New_York', is_active: true, last_executed: null,
    });
    expect(await h.call(api.telephony.scenarios, {}, alice)).toEqual({ scenarios: [created] });
    expect(await h.call(api.telephony.scenarios, {}, bob)).toEqual({ scenarios: [] });
    const changed = await h.call(api.telephony.updateScenario, { id: created.id, ...body({ name: 'Weekdays', schedule_enabled: true, schedule_cron: '0 9 * * 1-5' }) }, alice);
    expect(changed).toMatchObject({ id: created.id, name: 'Weekdays', schedule_cron: '0 9 * * 1-5' });
    for (const endpoint of [api.telephony.deleteScenario, api.telephony.executeScenario] as const) {
      expect(await h.fail(endpoint, { id: created.id }, bob)).toMatchObject({ kind: ErrorKind.NotFound });
    }
    expect(await h.fail(api.telephony.updateScenario, { id: created.id, ...body() }, bob)).toMatchObject({ kind: ErrorKind.NotFound });
    expect(await h.call(api.telephony.deleteScenario, { id: created.id }, alice)).toEqual({ success: true });
    expect(await h.call(api.telephony.scenarios, {}, alice)).toEqual({ scenarios: [] });
    expect(await h.fail(api.telephony.deleteScenario, { id: created.id }, alice)).toMatchObject({ kind: ErrorKind.NotFound });
  });

  it("answers 400 'Invalid cron expression' for a bad schedule, and 400 for a missing name or a number that cannot be called", async () => {
    const alice = h.premium();
    for (const schedule_cron of ['61 8 * * *', 'every morning', '0 8 * *', '*/5 * * * * *']) {
      const error = await h.fail(api.telephony.createScenario, body({ schedule_enabled: true, schedule_cron }), alice);
      expect(error, schedule_cron).toMatchObject({ kind: ErrorKind.Validation, message: 'Invalid cron expression' });
    }
    expect(await h.failUnchecked(api.telephony.createScenario, { ...body(), name: '' }, alice)).toMatchObject({ kind: ErrorKind.Validation });
    expect(await h.fail(api.telephony.createScenario, body({ target_phone_number: '+15551234567' }), alice)).toMatchObject({ kind: ErrorKind.Validation });
    expect(await h.call(api.telephony.scenarios, {}, alice)).toEqual({ scenarios: [] });
  });

  it("answers 400 'Schedules must be at least 15 minutes apart' for a cron that calls more often, on create and update, and schedules nothing", async () => {
    const alice = h.premium();
    for (const schedule_cron of ['*/5 * * * *', '0,10 * * * *', '* * * * *']) {
      const error = await h.fail(api.telephony.createScenario, body({ schedule_enabled: true, schedule_cron }), alice);
      expect(error, schedule_cron).toMatchObject({ kind: ErrorKind.Validation, message: 'Schedules must be at least 15 minutes apart' });
      expect(error.details?.fields).toEqual({ schedule_cron: ['Schedules must be at least 15 minutes apart'] });
    }
    expect(await h.call(api.telephony.scenarios, {}, alice)).toEqual({ scenarios: [] });
    const weekdays = await h.call(api.telephony.createScenario, body({ schedule_enabled: true, schedule_cron: '0 9 * * 1-5' }), alice);
    expect(weekdays.schedule_cron).toBe('0 9 * * 1-5');
    const error = await h.fail(api.telephony.updateScenario, { id: weekdays.id, ...body({ schedule_enabled: true, schedule_cron: '*/5 * * * *' }) }, alice);
    expect(error).toMatchObject({ kind: ErrorKind.Validation, message: 'Schedules must be at least 15 minutes apart' });
    expect(await schedulerOf(weekdays.id)).toMatchObject({ pattern: '0 9 * * 1-5' });
  });

  it('needs premium or enterprise for an active schedule: 402 with requiresUpgrade on free, on create and update, and nothing changes', async () => {
    const frank = h.newUser('free');
    const refused = await h.fail(api.telephony.createScenario, body({ schedule_enabled: true, schedule_cron: '0 8 * * *' }), frank);
    expect(refused).toMatchObject({ kind: ErrorKind.PlanRequired, message: 'Scheduled calls need the Premium or Enterprise plan', details: { requiresUpgrade: true } });
    expect(await h.call(api.telephony.scenarios, {}, frank)).toEqual({ scenarios: [] });
    // Kept without a schedule (or with one switched off) on any plan; scheduling it later is refused the same way.
    const kept = await h.call(api.telephony.createScenario, body(), frank);
    await h.call(api.telephony.createScenario, body({ schedule_enabled: true, is_active: false }), frank);
    expect(await h.fail(api.telephony.updateScenario, { id: kept.id, ...body({ schedule_enabled: true }) }, frank)).toMatchObject({
      kind: ErrorKind.PlanRequired, details: { requiresUpgrade: true },
    });
    const [stored] = (await h.call(api.telephony.scenarios, {}, frank)).scenarios.filter((s) => s.id === kept.id);
    expect(stored).toMatchObject({ schedule_enabled: false, schedule_cron: null });
    expect(await schedulerOf(kept.id)).toBeUndefined();
    const scheduled = await h.call(api.telephony.createScenario, body({ schedule_enabled: true }), h.newUser('enterprise'));
    expect(await schedulerOf(scheduled.id)).toMatchObject({ pattern: '0 8 * * *' });
  });

  it('keeps at most 20 scenarios a user: the 21st is 409 with a clear message, even when created at once', async () => {
    const gina = h.premium();
    const results = await Promise.allSettled(Array.from({ length: 25 }, (_, i) => h.call(api.telephony.createScenario, body({ name: `Call ${i}` }), gina)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(20);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => r.reason as { kind: string; message: string });
    expect(refused).toHaveLength(5);
    for (const error of refused) {
      expect(error).toMatchObject({ kind: ErrorKind.Conflict, message: 'You can have at most 20 call scenarios. Delete one to add another.' });
    }
    const { scenarios } = await h.call(api.telephony.scenarios, {}, gina);
    expect(scenarios).toHaveLength(20);
    // Room again after a delete; another user's count is their own.
    await h.call(api.telephony.deleteScenario, { id: scenarios[0].id }, gina);
    await h.call(api.telephony.createScenario, body({ name: 'Call again' }), gina);
    await h.call(api.telephony.createScenario, body(), h.premium());
  });

  it('keep one BullMQ job scheduler keyed by the scenario, changed with it and removed when inactive, unscheduled or deleted', async () => {
    const alice = h.premium();
    const s = await h.call(api.telephony.createScenario, body({ schedule_enabled: true, schedule_cron: '30 7 * * *' }), alice);
    expect(await schedulerOf(s.id)).toMatchObject({ pattern: '30 7 * * *', tz: 'America/New_York' });
    await h.call(api.telephony.updateScenario, { id: s.id, ...body({ schedule_enabled: true, schedule_cron: '0 9 * * 1-5' }) }, alice);
    await h.call(api.telephony.updateScenario, { id: s.id, ...body({ schedule_enabled: true, schedule_cron: '0 9 * * 1-5' }) }, alice);
    expect(await schedulerOf(s.id)).toMatchObject({ pattern: '0 9 * * 1-5' });
    const schedulers = await h.get(JobQueue).queue(QUEUES.callScenarios).getJobSchedulers();
    expect(schedulers.filter((j) => j.key === `scenario-${s.id}`)).toHaveLength(1);
    await h.call(api.telephony.updateScenario, { id: s.id, ...body({ schedule_enabled: true, is_active: false }) }, alice);
    expect(await schedulerOf(s.id)).toBeUndefined();
    await h.call(api.telephony.updateScenario, { id: s.id, ...body({ schedule_enabled: true }) }, alice);
    expect(await schedulerOf(s.id)).toMatchObject({ pattern: '0 8 * * *' });
    await h.call(api.telephony.updateScenario, { id: s.id, ...body({ schedule_enabled: false }) }, alice);
    expect(await schedulerOf(s.id)).toBeUndefined();
    await h.call(api.telephony.updateScenario, { id: s.id, ...body({ schedule_enabled: true }) }, alice);
    await h.call(api.telephony.deleteScenario, { id: s.id }, alice);
    expect(await schedulerOf(s.id)).toBeUndefined();
  });

  it('run now: 409 while inactive; otherwise a queued call like a manual one, on the same allowance, and last_executed set', async () => {
    const alice = h.premium();
    const inactive = await h.call(api.telephony.createScenario, body({ is_active: false }), alice);
    expect(await h.fail(api.telephony.executeScenario, { id: inactive.id }, alice)).toMatchObject({ kind: ErrorKind.Conflict });
    const s = await h.call(api.telephony.createScenario, body(), alice);
    const { success, callId } = await h.call(api.telephony.executeScenario, { id: s.id }, alice);
    expect(success).toBe(true);
    const log = await h.ended(alice, callId);
    expect(log).toMatchObject({ scenario: 'good_morning', phoneNumber: '+12125550401', status: 'completed' });
    const [listed] = (await h.call(api.telephony.scenarios, {}, alice)).scenarios.filter((x) => x.id === s.id);
    expect(listed.last_executed).not.toBeNull();
    expect(await h.fail(api.telephony.executeScenario, { id: s.id }, alice, 'free')).toMatchObject({ kind: ErrorKind.PlanRequired });
  });

  it('a scheduled tick queues its call once however often it runs, and an inactive scenario never calls', async () => {
    const alice = h.premium();
    h.neighbours.profiles.set(alice.id, { username: 'alice', firstName: 'Alice', lastName: 'Smith', email: null, tier: 'premium' });
    const s = await h.call(api.telephony.createScenario, body({ schedule_enabled: true }), alice);
    const scenarios = h.get(ScenariosService);
    await scenarios.runScheduled(alice.id, s.id, 'repeat-tick-1');
    await scenarios.runScheduled(alice.id, s.id, 'repeat-tick-1');
    expect(await h.call(api.telephony.callLogs, {}, alice)).toHaveLength(1);
    await h.call(api.telephony.updateScenario, { id: s.id, ...body({ schedule_enabled: true, is_active: false }) }, alice);
    await scenarios.runScheduled(alice.id, s.id, 'repeat-tick-2');
    expect(await h.call(api.telephony.callLogs, {}, alice)).toHaveLength(1);
  });

  it('a scheduled tick without an answer from identity (the plan unknown) is tried again, and places no call meanwhile', async () => {
    const nobody = h.premium();
    const s = await h.call(api.telephony.createScenario, body({ schedule_enabled: true }), nobody);
    const error = await h.get(ScenariosService).runScheduled(nobody.id, s.id, 'repeat-tick-x').then(() => null, (e: Error) => e);
    expect(error?.message).toMatch(/tried again/);
    expect(error?.name).not.toBe('PermanentJobFailure');
    expect(await h.call(api.telephony.callLogs, {}, nobody)).toEqual([]);
  });
});
