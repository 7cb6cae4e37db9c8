import { Controller } from '@nestjs/common';
import { api } from '@jarvis/contracts';
import { Handles, type HandlerInput } from '@jarvis/platform';
import { ContactsService } from './contacts.service';

@Controller()
export class ContactsHandler {
  constructor(private readonly contacts: ContactsService) {}

  @Handles(api.telephony.contacts)
  list({ ctx }: HandlerInput<typeof api.telephony.contacts>) {
    return this.contacts.list(ctx.userId!);
  }

  @Handles(api.telephony.createContact)
  create({ ctx, data }: HandlerInput<typeof api.telephony.createContact>) {
    return this.contacts.create(ctx.userId!, data);
  }

  @Handles(api.telephony.updateContact)
  update({ ctx, data }: HandlerInput<typeof api.telephony.updateContact>) {
    return this.contacts.update(ctx.userId!, data.id, data);
  }

  @Handles(api.telephony.deleteContact)
  delete({ ctx, data }: HandlerInput<typeof api.telephony.deleteContact>) {
    return this.contacts.delete(ctx.userId!, data.id);
  }
}
