import { Injectable } from '@nestjs/common';
import { webhookReply } from '@jarvis/platform';
import { TwilioWebhook, type TwilioWebhookRequest } from '../twilio/twilio-webhook';
import { StreamedCalls } from './streamed-calls.service';
import { STREAM_ENDED_PATH } from './streamed-calls.constants';

/** Twilio's `<Connect action>` of a streamed call: the stream ended, what follows. */
@Injectable()
export class StreamedCallsWebhooks {
  constructor(private readonly calls: StreamedCalls) {}

  @TwilioWebhook(STREAM_ENDED_PATH)
  async ended({ form }: TwilioWebhookRequest) {
    return webhookReply.xml(await this.calls.ended(form));
  }
}
