/** doc3's default schedule: every day at 8 in the morning. */
export const DEFAULT_CRON = '0 8 * * *';
export const DEFAULT_TIMEZONE = 'America/New_York';
export const INVALID_CRON = 'Invalid cron expression';
export const SCENARIO_INACTIVE = 'This scenario is inactive: activate it to run it';
/** The job scheduler of a scenario, keyed by its id, so every replica upserts the same one. */
export const schedulerId = (scenarioId: string) => `scenario-${scenarioId}`;
