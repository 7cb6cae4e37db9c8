import { Controller } from '@nestjs/common';
import { api } from '@jarvis/contracts';
import { Handles, type HandlerInput } from '@jarvis/platform';
import { ShortcutsService } from './shortcuts.service';

@Controller()
export class ShortcutsHandler {
  constructor(private readonly shortcuts: ShortcutsService) {}

  @Handles(api.chat.shortcuts)
  list({ userId }: HandlerInput<typeof api.chat.shortcuts>) {
    return this.shortcuts.list(userId);
  }

  @Handles(api.chat.createShortcut)
  create({ userId, data }: HandlerInput<typeof api.chat.createShortcut>) {
    return this.shortcuts.create(userId, data);
  }

  @Handles(api.chat.updateShortcut)
  update({ userId, data }: HandlerInput<typeof api.chat.updateShortcut>) {
    return this.shortcuts.update(userId, data.id, data);
  }

  @Handles(api.chat.deleteShortcut)
  delete({ userId, data }: HandlerInput<typeof api.chat.deleteShortcut>) {
    return this.shortcuts.delete(userId, data.id);
  }
}
