import { Injectable } from '@nestjs/common';
import { api, type ChatMessage, type RequestContext } from '@jarvis/contracts';
import { RpcClient } from '@jarvis/platform';
import { ContactsService } from '../contacts/contacts.service';
import { displayNumber, type NamedNumber, resolveRecipient } from './recipient';
import { SmsService } from './sms.service';

const NOT_FOUND = 'Recipient not found';

interface Draft {
  message: string;
  recipient: NamedNumber | null;
}

/** The SMS draft card: the caller's latest `draft_text_message` (from chat's history), its recipient, and sending it. */
@Injectable()
export class SmsDraftsService {
  constructor(
    private readonly rpc: RpcClient,
    private readonly contacts: ContactsService,
    private readonly sms: SmsService,
  ) {}

  async draft(ctx: RequestContext) {
    const draft = await this.latest(ctx);
    if (!draft) return { hasDraft: false, hasValidPhone: false, needsRecipientFix: false };
    if (!draft.recipient) return { hasDraft: true, message: draft.message, hasValidPhone: false, needsRecipientFix: true, recipientError: NOT_FOUND };
    return {
      hasDraft: true,
      message: draft.message,
      contactName: draft.recipient.name,
      recipientDisplay: `${draft.recipient.name} (${displayNumber(draft.recipient.phoneNumber)})`,
      hasValidPhone: true,
      needsRecipientFix: false,
    };
  }

  /** Sends `message` (the draft as the user left it) to the draft's recipient; the daily limit answers 429. */
  async send(ctx: RequestContext, message: string): Promise<{ success: boolean; error?: string }> {
    const recipient = (await this.latest(ctx))?.recipient;
    if (!recipient) return { success: false, error: NOT_FOUND };
    await this.sms.deliver(ctx.userId!, recipient.phoneNumber, message);
    return { success: true };
  }

  private async latest(ctx: RequestContext): Promise<Draft | null> {
    const history: ChatMessage[] = await this.rpc.call(api.chat.messages, {}, ctx);
    for (const message of [...history].reverse()) {
      const action = [...(message.actions ?? [])].reverse().find((a) => a.type === 'draft_text_message');
      if (!action) continue;
      const context = typeof action.args.context === 'string' ? action.args.context : '';
      const contacts = (await this.contacts.list(ctx.userId!)).map((c) => ({ name: c.name, phoneNumber: c.phone_number }));
      return { message: typeof action.args.message === 'string' ? action.args.message : '', recipient: resolveRecipient(context, contacts) };
    }
    return null;
  }
}
