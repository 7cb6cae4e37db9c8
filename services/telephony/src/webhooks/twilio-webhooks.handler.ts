import { Controller } from '@nestjs/common';
import type { WebhookReply } from '@jarvis/contracts';
import { HandlesWebhook, type IncomingWebhook, webhookReply } from '@jarvis/platform';
import { CallVoiceService } from '../call-voice/call-voice.service';
import { OutboundCallbacks } from '../outbound/outbound-callbacks.service';
import { TelephonyProvider } from '../twilio/telephony.provider';
import { IncomingCallsService } from './incoming-calls.service';

@Controller()
export class TwilioWebhooksHandler {
  constructor(
    private readonly calls: IncomingCallsService,
    private readonly twilio: TelephonyProvider,
    private readonly outbound: OutboundCallbacks,
    private readonly callVoice: CallVoiceService,
  ) {}

  @HandlesWebhook('telephony')
  async receive(webhook: IncomingWebhook): Promise<WebhookReply> {
    // The owner's voice for a <Play>: Twilio fetches it with a plain GET. The id is random and lives 10 minutes.
    const clip = /^\/audio\/([^/]+)$/.exec(webhook.path);
    if (clip && (webhook.method === 'GET' || webhook.method === 'HEAD')) {
      const audio = await this.callVoice.audio(clip[1]);
      return audio ? webhookReply.binary(audio.mime, audio.bytes) : webhookReply.text(404, 'Unknown audio');
    }
    const params = webhook.form(); // application/x-www-form-urlencoded, as Twilio posts
    if (!this.twilio.configured) return webhookReply.text(503, 'Twilio is not configured: set TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN');
    if (!this.twilio.validSignature(webhook.header('x-twilio-signature') ?? '', webhook.url, params)) {
      return webhookReply.text(403, 'Invalid signature');
    }
    // Our outbound calls' URLs carry the call log's ids in their (signed) query.
    const outbound = { ...params, ...webhook.queryParams() };
    switch (webhook.path) {
      case '/outbound/voice':
        return webhookReply.xml(await this.outbound.voice(outbound));
      case '/outbound/status':
        await this.outbound.status(outbound);
        return webhookReply.empty();
      case '/outbound/recording':
        await this.outbound.recording(outbound);
        return webhookReply.empty();
      case '/voice':
        return webhookReply.xml(await this.calls.answer(params));
      case '/turn':
        return webhookReply.xml(await this.calls.turn(params));
      case '/voicemail-done':
        return webhookReply.xml(this.calls.voicemailDone());
      case '/status':
        await this.calls.status(params);
        return webhookReply.empty();
      case '/recording':
        await this.calls.recording(params);
        return webhookReply.empty();
      case '/transcription':
        await this.calls.transcription(params);
        return webhookReply.empty();
      case '/sms':
        return webhookReply.xml(await this.calls.sms(params));
      default:
        return webhookReply.text(404, 'Unknown webhook');
    }
  }
}
