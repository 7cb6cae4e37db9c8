import type { JobMap } from '@jarvis/contracts';
import { type JobHandler, JobProcessor, type QueueJob } from '@jarvis/platform';
import { ScenariosService } from '../scenarios.service';

/** One tick of a scenario's schedule: it queues the scenario's call (the outbound queue places it). */
@JobProcessor('telephony.scenario-run', { concurrency: 5 })
export class ScenarioRunJob implements JobHandler<'telephony.scenario-run'> {
  constructor(private readonly scenarios: ScenariosService) {}

  process = (payload: JobMap['telephony.scenario-run'], job: QueueJob<'telephony.scenario-run'>) =>
    this.scenarios.runScheduled(payload.userId, payload.scenarioId, job.id!);
}
