import { Injectable } from '@nestjs/common';
import { webhookReply } from '@jarvis/platform';
import { TwilioWebhook, type TwilioWebhookRequest } from '../twilio/twilio-webhook';
import { CallVoiceService } from './call-voice.service';

/** The owner's voice for a `<Play>`: Twilio fetches it with a plain GET. The id is random and lives 10 minutes. */
@Injectable()
export class CallVoiceWebhooks {
  constructor(private readonly callVoice: CallVoiceService) {}

  @TwilioWebhook('/audio/:id', { signed: false, methods: ['GET', 'HEAD'] })
  async audio({ pathParams }: TwilioWebhookRequest) {
    const audio = await this.callVoice.audio(pathParams.id);
    return audio ? webhookReply.binary(audio.mime, audio.bytes) : webhookReply.text(404, 'Unknown audio');
  }
}
