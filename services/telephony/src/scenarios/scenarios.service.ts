import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import {
  type CallScenario,
  ConflictError,
  DomainError,
  ErrorKind,
  NotFoundError,
  PlanRequiredError,
  type RequestContext,
  tierAtLeast,
  ValidationError,
} from '@jarvis/contracts';
import { JobQueue, PermanentJobFailure } from '@jarvis/platform';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { UserProfiles } from '../call-content/user-profiles.service';
import { NOT_A_VALID_NUMBER } from '../outbound/outbound.constants';
import { OutboundCallsService } from '../outbound/outbound-calls.service';
import type { CallScenarioEntity, ScenarioType } from './entities/call-scenario.entity';
import { checkTimeZone, scheduleCronFor } from './schedule';
import {
  INVALID_CRON,
  MAX_SCENARIOS_PER_USER,
  SCENARIO_INACTIVE,
  SCHEDULE_NEEDS_PLAN,
  schedulerId,
  TOO_MANY_SCENARIOS,
} from './scenarios.constants';
import { ScenariosRepository } from './scenarios.repository';
import type { EntityManager } from 'typeorm';

export interface ScenarioInput {
  name: string;
  description?: string | null;
  scenario_type: ScenarioType;
  message_template: string;
  target_phone_number: string;
  schedule_enabled: boolean;
  schedule_cron?: string | null;
  schedule_timezone: string;
  is_active: boolean;
}

/**
 * Automated call scenarios: the rows, and the BullMQ job scheduler of each (keyed by its id, so every replica and
 * restart keeps one), created, changed and removed with the row's schedule and activity.
 */
@Injectable()
export class ScenariosService {
  private readonly logger = new Logger(ScenariosService.name);

  constructor(
    private readonly scenarios: ScenariosRepository,
    private readonly calls: OutboundCallsService,
    private readonly profiles: UserProfiles,
    private readonly jobs: JobQueue,
  ) {}

  async list(userId: string) {
    return { scenarios: (await this.scenarios.list(userId)).map(toScenario) };
  }

  /** At most MAX_SCENARIOS_PER_USER a user (409 above); an active schedule needs a paid plan (402). */
  async create(ctx: RequestContext, input: ScenarioInput): Promise<CallScenario> {
    const userId = ctx.userId!;
    const checked = fields(input);
    checkPlan(ctx, checked);
    const saved = await this.scenarios.createUnlessFull({ userId, ...checked }, MAX_SCENARIOS_PER_USER);
    if (!saved) throw new ConflictError(TOO_MANY_SCENARIOS);
    await this.syncSchedule(saved);
    return toScenario(saved);
  }

  async update(ctx: RequestContext, id: string, input: ScenarioInput): Promise<CallScenario> {
    const existing = await this.require(ctx.userId!, id);
    const checked = fields(input);
    checkPlan(ctx, checked);
    const saved = await this.scenarios.save({ ...existing, ...checked });
    await this.syncSchedule(saved);
    return toScenario(saved);
  }

  async delete(userId: string, id: string) {
    if (!(await this.scenarios.delete(userId, id))) throw new NotFoundError('Scenario');
    await this.jobs.unschedule('telephony.scenario-run', schedulerId(id));
    return { success: true as const };
  }

  /** Run now: the call is queued like a manual one (the same monthly allowance); 409 while inactive. */
  async execute(ctx: RequestContext, id: string) {
    const scenario = await this.require(ctx.userId!, id);
    if (!scenario.isActive) throw new ConflictError(SCENARIO_INACTIVE);
    return this.queueRun(ctx, scenario);
  }

  /**
   * A scheduled tick (`runKey` = its job id): queues the scenario's call once however often the tick is retried.
   * A deleted scenario's leftover schedule is removed; an inactive one never calls.
   */
  async runScheduled(userId: string, scenarioId: string, runKey: string) {
    const scenario = await this.scenarios.findOne(userId, scenarioId);
    if (!scenario) {
      await this.jobs.unschedule('telephony.scenario-run', schedulerId(scenarioId));
      return;
    }
    if (!scenario.isActive || !scenario.scheduleEnabled) return;
    // Queued by a run that died before it finished: its call's job is made sure of, and nothing is queued twice.
    if (await this.calls.requeueRun(userId, runKey)) return;
    // The plan decides the allowance: without identity's answer the tick is tried again later (the job's retries).
    const profile = await this.profiles.find(userId);
    if (!profile) throw new Error(`No profile for user ${userId}: the scenario run is tried again`);
    const ctx: RequestContext = { userId, tier: profile.tier, requestId: `scenario-run-${randomUUID()}` };
    try {
      await this.queueRun(ctx, scenario, runKey);
    } catch (error) {
      // Out of calls this month, or a plan without them: retrying the tick will not change it.
      if (error instanceof DomainError && error.kind === ErrorKind.PlanRequired) throw new PermanentJobFailure(error.message);
      throw error;
    }
  }

  private async queueRun(ctx: RequestContext, scenario: CallScenarioEntity, runKey?: string) {
    const queued = await this.calls.queueCall(ctx, {
      phoneNumber: scenario.targetPhoneNumber,
      scenario: scenario.scenarioType,
      priority: 'normal',
      scheduledTime: null,
      payload: { scenarioName: scenario.name, template: scenario.messageTemplate },
      scenarioId: scenario.id,
      runKey,
    });
    await this.scenarios.markExecuted(scenario.userId, scenario.id);
    return queued;
  }

  private async syncSchedule(scenario: CallScenarioEntity) {
    const id = schedulerId(scenario.id);
    if (!scenario.isActive || !scenario.scheduleEnabled || !scenario.scheduleCron) {
      await this.jobs.unschedule('telephony.scenario-run', id);
      return;
    }
    try {
      await this.jobs.schedule(id, { cron: scenario.scheduleCron, tz: scenario.scheduleTimezone }, 'telephony.scenario-run', {
        scenarioId: scenario.id,
        userId: scenario.userId,
      });
    } catch (error) {
      // BullMQ's own parser refused what ours took: keep the row unscheduled and say so.
      this.logger.warn(`Scenario ${scenario.id} could not be scheduled: ${(error as Error).message}`);
      await this.scenarios.save({ ...scenario, scheduleEnabled: false });
      throw new ValidationError(INVALID_CRON, { schedule_cron: [INVALID_CRON] });
    }
  }

  private async require(userId: string, id: string) {
    const scenario = await this.scenarios.findOne(userId, id);
    if (!scenario) throw new NotFoundError('Scenario');
    return scenario;
  }

  /** Account lifecycle (issue 22): the user's scenarios. */
  accountRows(userId: string): Promise<CallScenarioEntity[]> {
    return this.scenarios.ofUser(userId);
  }

  importAccountRows(manager: EntityManager, rows: Partial<CallScenarioEntity>[]) {
    return this.scenarios.insertImported(manager, rows);
  }

  /** Once imported scenarios are committed: their schedules, as the rows say. */
  async scheduleImported(userId: string, ids: string[]) {
    for (const scenario of await this.scenarios.ofUser(userId)) {
      if (ids.includes(scenario.id)) await this.syncSchedule(scenario).catch(() => undefined);
    }
  }

  /** Every schedule of the user's scenarios removed, then the rows. */
  async eraseAccountRows(manager: EntityManager, userId: string) {
    for (const scenario of await this.scenarios.ofUser(userId)) await this.jobs.unschedule('telephony.scenario-run', schedulerId(scenario.id));
    await this.scenarios.eraseUser(manager, userId);
  }
}

/** A schedule that calls on its own (active and scheduled) is a paid plan's: 402 with requiresUpgrade on free. */
function checkPlan(ctx: RequestContext, scenario: Partial<CallScenarioEntity>) {
  if (scenario.isActive && scenario.scheduleEnabled && !tierAtLeast(ctx.tier, 'premium')) {
    throw new PlanRequiredError(SCHEDULE_NEEDS_PLAN, 'premium');
  }
}

function fields(input: ScenarioInput): Partial<CallScenarioEntity> {
  const timeZone = checkTimeZone(input.schedule_timezone);
  const number = parsePhoneNumberFromString(input.target_phone_number);
  if (!number?.isValid() || number.number !== input.target_phone_number) {
    throw new ValidationError(NOT_A_VALID_NUMBER, { target_phone_number: [NOT_A_VALID_NUMBER] });
  }
  return {
    name: input.name,
    description: input.description?.trim() || null,
    scenarioType: input.scenario_type,
    messageTemplate: input.message_template,
    targetPhoneNumber: input.target_phone_number,
    scheduleEnabled: input.schedule_enabled,
    scheduleCron: scheduleCronFor(input.schedule_enabled, input.schedule_cron, timeZone),
    scheduleTimezone: timeZone,
    isActive: input.is_active,
  };
}

export function toScenario(s: CallScenarioEntity): CallScenario {
  return {
    id: s.id,
    name: s.name,
    description: s.description,
    scenario_type: s.scenarioType,
    message_template: s.messageTemplate,
    target_phone_number: s.targetPhoneNumber,
    schedule_enabled: s.scheduleEnabled,
    schedule_cron: s.scheduleCron,
    schedule_timezone: s.scheduleTimezone,
    is_active: s.isActive,
    last_executed: s.lastExecuted ? s.lastExecuted.toISOString() : null,
  };
}
