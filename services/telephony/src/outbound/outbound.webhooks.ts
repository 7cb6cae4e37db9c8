import { Injectable } from '@nestjs/common';
import { webhookReply } from '@jarvis/platform';
import { TwilioWebhook, type TwilioWebhookRequest } from '../twilio/twilio-webhook';
import { OutboundCallbacks } from './outbound-callbacks.service';

/** Twilio's webhooks of our outbound calls; their URLs carry the call log's ids in their (signed) query. */
@Injectable()
export class OutboundWebhooks {
  constructor(private readonly callbacks: OutboundCallbacks) {}

  @TwilioWebhook('/outbound/voice')
  async voice({ form, query }: TwilioWebhookRequest) {
    return webhookReply.xml(await this.callbacks.voice({ ...form, ...query }));
  }

  @TwilioWebhook('/outbound/status')
  async status({ form, query }: TwilioWebhookRequest) {
    await this.callbacks.status({ ...form, ...query });
    return webhookReply.empty();
  }

  @TwilioWebhook('/outbound/recording')
  async recording({ form, query }: TwilioWebhookRequest) {
    await this.callbacks.recording({ ...form, ...query });
    return webhookReply.empty();
  }
}
