import { Injectable } from '@nestjs/common';
import { webhookReply } from '@jarvis/platform';
import { TwilioWebhook, type TwilioWebhookRequest } from '../twilio/twilio-webhook';
import { IncomingCallsService } from './incoming-calls.service';

/** Twilio's webhooks of a call to a phone line: it rings, the message is recorded, the call ends. */
@Injectable()
export class InboundWebhooks {
  constructor(private readonly calls: IncomingCallsService) {}

  @TwilioWebhook('/voice')
  async voice({ form }: TwilioWebhookRequest) {
    return webhookReply.xml(await this.calls.answer(form));
  }

  @TwilioWebhook('/voicemail-done')
  voicemailDone() {
    return webhookReply.xml(this.calls.voicemailDone());
  }

  @TwilioWebhook('/status')
  async status({ form }: TwilioWebhookRequest) {
    await this.calls.status(form);
    return webhookReply.empty();
  }

  @TwilioWebhook('/recording')
  async recording({ form }: TwilioWebhookRequest) {
    await this.calls.recording(form);
    return webhookReply.empty();
  }

  @TwilioWebhook('/transcription')
  async transcription({ form }: TwilioWebhookRequest) {
    await this.calls.transcription(form);
    return webhookReply.empty();
  }
}
