/** doc3's default schedule: every day at 8 in the morning. */
export const DEFAULT_CRON = '0 8 * * *';
export const DEFAULT_TIMEZONE = 'America/New_York';
export const INVALID_CRON = 'Invalid cron expression';
/** A scenario is a phone call: its schedule may not ring anyone more often than this. */
export const MIN_SCHEDULE_GAP_MINUTES = 15;
export const SCHEDULE_TOO_FREQUENT = 'Schedules must be at least 15 minutes apart';
/** The scenarios one user may keep. */
export const MAX_SCENARIOS_PER_USER = 20;
export const TOO_MANY_SCENARIOS = `You can have at most ${MAX_SCENARIOS_PER_USER} call scenarios. Delete one to add another.`;
/** An active schedule places calls on its own: a paid plan's. */
export const SCHEDULE_NEEDS_PLAN = 'Scheduled calls need the Premium or Enterprise plan';
export const SCENARIO_INACTIVE = 'This scenario is inactive: activate it to run it';
/** The job scheduler of a scenario, keyed by its id, so every replica upserts the same one. */
export const schedulerId = (scenarioId: string) => `scenario-${scenarioId}`;
