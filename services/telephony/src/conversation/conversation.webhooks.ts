import { Injectable } from '@nestjs/common';
import { webhookReply } from '@jarvis/platform';
import { TwilioWebhook, type TwilioWebhookRequest } from '../twilio/twilio-webhook';
import { ConversationEngine } from './conversation.engine';

/** Twilio's webhook of a conversation's turn, on inbound and outbound calls alike: what the caller said. */
@Injectable()
export class ConversationWebhooks {
  constructor(private readonly conversations: ConversationEngine) {}

  @TwilioWebhook('/turn')
  async turn({ form }: TwilioWebhookRequest) {
    return webhookReply.xml(await this.conversations.turn(form.CallSid ?? '', form.SpeechResult));
  }
}
