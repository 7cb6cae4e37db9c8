import { Controller } from '@nestjs/common';
import { api } from '@jarvis/contracts';
import { Handles, type HandlerInput } from '@jarvis/platform';
import { ShortcutsService } from './shortcuts.service';

@Controller()
export class ShortcutsHandler {
  constructor(private readonly shortcuts: ShortcutsService) {}

  @Handles(api.chat.shortcuts)
  list({ ctx }: HandlerInput<typeof api.chat.shortcuts>) {
    return this.shortcuts.list(ctx.userId!);
  }

  @Handles(api.chat.createShortcut)
  create({ ctx, data }: HandlerInput<typeof api.chat.createShortcut>) {
    return this.shortcuts.create(ctx.userId!, data);
  }

  @Handles(api.chat.updateShortcut)
  update({ ctx, data }: HandlerInput<typeof api.chat.updateShortcut>) {
    return this.shortcuts.update(ctx.userId!, data.id, data);
  }

  @Handles(api.chat.deleteShortcut)
  delete({ ctx, data }: HandlerInput<typeof api.chat.deleteShortcut>) {
    return this.shortcuts.delete(ctx.userId!, data.id);
  }
}
