import { Controller } from '@nestjs/common';
import { api } from '@jarvis/contracts';
import { Handles, type HandlerInput } from '@jarvis/platform';
import { ScenariosService } from './scenarios.service';

@Controller()
export class ScenariosHandler {
  constructor(private readonly scenarios: ScenariosService) {}

  @Handles(api.telephony.scenarios)
  list({ ctx }: HandlerInput<typeof api.telephony.scenarios>) {
    return this.scenarios.list(ctx.userId);
  }

  @Handles(api.telephony.createScenario)
  create({ ctx, data }: HandlerInput<typeof api.telephony.createScenario>) {
    return this.scenarios.create(ctx, data);
  }

  @Handles(api.telephony.updateScenario)
  update({ ctx, data }: HandlerInput<typeof api.telephony.updateScenario>) {
    return this.scenarios.update(ctx, data.id, data);
  }

  @Handles(api.telephony.deleteScenario)
  delete({ ctx, data }: HandlerInput<typeof api.telephony.deleteScenario>) {
    return this.scenarios.delete(ctx.userId, data.id);
  }

  @Handles(api.telephony.executeScenario)
  execute({ ctx, data }: HandlerInput<typeof api.telephony.executeScenario>) {
    return this.scenarios.execute(ctx, data.id);
  }
}
