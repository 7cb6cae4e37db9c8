import { Controller } from '@nestjs/common';
import { api } from '@jarvis/contracts';
import { Handles, type HandlerInput } from '@jarvis/platform';
import { PersonasService } from './personas.service';

@Controller()
export class PersonasHandler {
  constructor(private readonly personas: PersonasService) {}

  @Handles(api.chat.getPersonality)
  getPersonality({ ctx }: HandlerInput<typeof api.chat.getPersonality>) {
    return this.personas.getPersonality(ctx);
  }

  @Handles(api.chat.setPersonality)
  setPersonality({ ctx, data }: HandlerInput<typeof api.chat.setPersonality>) {
    return this.personas.setPersonality(ctx, data.personalityId);
  }

  @Handles(api.chat.previewPersonality)
  preview({ ctx, data }: HandlerInput<typeof api.chat.previewPersonality>) {
    return this.personas.preview(ctx, data.personalityId, data.message);
  }

  @Handles(api.chat.getCareer)
  getCareer({ ctx }: HandlerInput<typeof api.chat.getCareer>) {
    return this.personas.getCareer(ctx);
  }

  @Handles(api.chat.setCareer)
  setCareer({ ctx, data }: HandlerInput<typeof api.chat.setCareer>) {
    return this.personas.setCareer(ctx, data.careerProfile);
  }
}
