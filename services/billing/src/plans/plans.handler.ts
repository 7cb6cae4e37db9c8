import { Controller } from '@nestjs/common';
import { api } from '@jarvis/contracts';
import { Handles } from '@jarvis/platform';
import { PLANS } from './plans.constants';

@Controller()
export class PlansHandler {
  @Handles(api.billing.plans)
  list() {
    return PLANS;
  }
}
