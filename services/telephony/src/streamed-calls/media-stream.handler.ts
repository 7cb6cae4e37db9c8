import { Injectable } from '@nestjs/common';
import { audioStreams } from '@jarvis/contracts';
import { acceptStream, type AudioStreamDecision, type AudioStreamOpening, HandlesAudioStream, refuseStream } from '@jarvis/platform';
import { StreamedCalls } from './streamed-calls.service';

/**
 * Twilio's Media Stream of a streamed call, handed over by the gateway: taken only when Twilio signed the upgrade
 * (403 before any WebSocket otherwise; 503 while Twilio is unconfigured), then bridged on this replica.
 */
@Injectable()
export class MediaStreamHandler {
  constructor(private readonly calls: StreamedCalls) {}

  @HandlesAudioStream(audioStreams.twilioMedia)
  open({ data }: AudioStreamOpening): AudioStreamDecision {
    if (!this.calls.signedByTwilio(data)) return refuseStream(403, 'Invalid Twilio signature');
    return acceptStream((socket) => this.calls.bridge(socket));
  }
}
