import { Injectable } from '@nestjs/common';
import twilio from 'twilio';
import { ContactsService } from '../contacts/contacts.service';
import { PhoneLinesService } from '../phone-lines/phone-lines.service';
import { PhoneMessagesService } from '../phone-messages/phone-messages.service';
import type { TwilioParams } from '../twilio/twilio-webhook';

const { MessagingResponse } = twilio.twiml;

/** Texts reaching a phone line, kept once by MessageSid however often Twilio retries. */
@Injectable()
export class IncomingTexts {
  constructor(
    private readonly lines: PhoneLinesService,
    private readonly messages: PhoneMessagesService,
    private readonly contacts: ContactsService,
  ) {}

  /** A text to a line becomes a phone message tagged `sms`; it gets no automatic reply. */
  async receive(params: TwilioParams): Promise<string> {
    const line = params.To ? await this.lines.findByNumber(params.To) : null;
    if (line && params.MessageSid) {
      const from = params.From ?? '';
      await this.messages.record({
        userId: line.userId,
        sourceSid: params.MessageSid,
        callerNumber: from,
        callerName: (await this.contacts.findByNumber(line.userId, from))?.name ?? null,
        transcript: params.Body ?? '',
        tags: ['sms'],
      });
    }
    return new MessagingResponse().toString();
  }
}
