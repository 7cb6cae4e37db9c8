import { loadConfig } from '@jarvis/platform';
import { z } from 'zod';

export const REMINDERS_CONFIG = Symbol('REMINDERS_CONFIG');

export const remindersConfigSchema = z.object({
  /**
   * How often each replica looks for reminders that fell due, in ms. 0 turns the poller off in this process (the
   * scheduler's `tick()` still works), e.g. to let only some replicas poll.
   */
  REMINDER_POLL_MS: z.coerce.number().int().min(0).max(3_600_000).default(15_000),
});
export type RemindersConfig = z.output<typeof remindersConfigSchema>;

export function loadRemindersConfig(env: NodeJS.ProcessEnv = process.env): RemindersConfig {
  return loadConfig(remindersConfigSchema, env, 'calendar reminders');
}
