import { Injectable } from '@nestjs/common';
import { webhookReply } from '@jarvis/platform';
import { TwilioWebhook, type TwilioWebhookRequest } from '../twilio/twilio-webhook';
import { IncomingTexts } from './incoming-texts.service';

/** Twilio's webhook of a text to a phone line. */
@Injectable()
export class SmsWebhooks {
  constructor(private readonly texts: IncomingTexts) {}

  @TwilioWebhook('/sms')
  async receive({ form }: TwilioWebhookRequest) {
    return webhookReply.xml(await this.texts.receive(form));
  }
}
