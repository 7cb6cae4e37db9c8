import { Controller } from '@nestjs/common';
import { api } from '@jarvis/contracts';
import { Handles, type HandlerInput } from '@jarvis/platform';
import { PreferencesService } from './preferences.service';

@Controller()
export class PreferencesHandler {
  constructor(private readonly preferences: PreferencesService) {}

  @Handles(api.notifications.preferences)
  get({ ctx }: HandlerInput<typeof api.notifications.preferences>) {
    return this.preferences.get(ctx.userId!);
  }

  /** Parsed again here: unknown channels or kinds from a caller that skipped the gateway are 400 too. */
  @Handles(api.notifications.updatePreferences)
  update({ ctx, data }: HandlerInput<typeof api.notifications.updatePreferences>) {
    return this.preferences.update(ctx.userId!, api.notifications.updatePreferences.request.parse(data));
  }

  @Handles(api.notifications.voiceAlerts)
  voiceAlerts({ ctx }: HandlerInput<typeof api.notifications.voiceAlerts>) {
    return this.preferences.voiceAlerts(ctx.userId!);
  }

  @Handles(api.notifications.updateVoiceAlerts)
  updateVoiceAlerts({ ctx, data }: HandlerInput<typeof api.notifications.updateVoiceAlerts>) {
    return this.preferences.updateVoiceAlerts(ctx.userId!, api.notifications.updateVoiceAlerts.request.parse(data));
  }
}
