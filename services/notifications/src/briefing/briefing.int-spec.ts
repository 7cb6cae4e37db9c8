import { api } from '@jarvis/contracts';
import { type ServiceHarness, startServiceHarness } from '@jarvis/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppModule } from '../app.module';
import { BriefingService } from './briefing.service';

let h: ServiceHarness;
beforeAll(async () => {
  h = await startServiceHarness('notifications', AppModule, { label: 'briefing', env: { VOICE_BRIEFING_POLL_MS: '0' } });
});
afterAll(() => h?.close());

// 07:10 in New York on 1 July 2026 (EDT).
const at0710 = new Date('2026-07-01T11:10:00Z');

describe('the voice wake-up briefing', () => {
  it('briefs an enabled user once on the day, after the wake time, across two replicas polling together', async () => {
    const [early, late, off] = [h.newUser(), h.newUser(), h.newUser()];
    await h.call(api.notifications.updateVoiceAlerts, { enabled: true, wakeTime: '07:00' }, early);
    await h.call(api.notifications.updateVoiceAlerts, { enabled: true, wakeTime: '08:00' }, late);
    await h.call(api.notifications.updateVoiceAlerts, { enabled: false, wakeTime: '07:00' }, off);
    const replica = await h.startReplica();
    const [a, b] = await Promise.all([h.get(BriefingService).tick(at0710), replica.app.get(BriefingService).tick(at0710)]);
    const briefed = [...a, ...b];
    expect(briefed.filter((u) => u === early.id)).toHaveLength(1);
    expect(briefed).not.toContain(late.id);
    expect(briefed).not.toContain(off.id);
    expect(await h.get(BriefingService).tick(new Date(at0710.getTime() + 20 * 60_000))).not.toContain(early.id);
    const [entry] = await h.call(api.notifications.list, {}, early);
    expect(entry).toMatchObject({ type: 'voice_briefing', title: 'Good morning', message: "Good morning! It's 07:10. You have no unread notifications." });
    // The next day, again.
    expect(await h.get(BriefingService).tick(new Date(at0710.getTime() + 24 * 3600_000))).toContain(early.id);
  });

  it('does not brief a wake time long past (enabled late in the day)', async () => {
    const user = h.newUser();
    await h.call(api.notifications.updateVoiceAlerts, { enabled: true, wakeTime: '05:00' }, user);
    expect(await h.get(BriefingService).tick(at0710)).not.toContain(user.id);
  });
});
