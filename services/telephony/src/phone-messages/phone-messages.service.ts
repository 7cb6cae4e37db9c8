import { Injectable } from '@nestjs/common';
import { NotFoundError, type PhoneMessage } from '@jarvis/contracts';
import { EventBus, LiveEvents } from '@jarvis/platform';
import { TelephonyProvider } from '../twilio/telephony.provider';
import { type Classification, classifyByKeywords } from './classification';
import type { InboundCallEntity } from './entities/inbound-call.entity';
import type { PhoneMessageEntity } from './entities/phone-message.entity';
import { PhoneMessagesRepository } from './phone-messages.repository';
import type { EntityManager } from 'typeorm';

/** What a finished call or a text leaves: the fields known so far (later callbacks fill in the rest). */
export interface IncomingRecord {
  userId: string;
  sourceSid: string;
  callerNumber: string;
  callerName?: string | null;
  duration?: number | null;
  transcript?: string | null;
  jarvisResponse?: string | null;
  recordingSid?: string | null;
  tags?: string[];
  /** What the caller said, when the transcript also holds the assistant's side: the classification reads only this. */
  callerText?: string;
  /** The model's classification of the transcript; keyword rules otherwise. */
  classification?: Classification | null;
}

@Injectable()
export class PhoneMessagesService {
  constructor(
    private readonly messages: PhoneMessagesRepository,
    private readonly twilio: TelephonyProvider,
    private readonly events: EventBus,
    private readonly live: LiveEvents,
  ) {}

  async list(userId: string): Promise<PhoneMessage[]> {
    return (await this.messages.list(userId)).map(toPhoneMessage);
  }

  async get(userId: string, id: string): Promise<PhoneMessage> {
    return toPhoneMessage(await this.require(userId, id));
  }

  async update(userId: string, id: string, changes: { status?: PhoneMessage['status']; notes?: string }) {
    await this.require(userId, id);
    const updated = await this.messages.update(userId, id, {
      ...(changes.status !== undefined && { status: changes.status }),
      ...(changes.notes !== undefined && { notes: changes.notes || null }),
    });
    this.live.publish(userId, 'phone-messages', { id });
    return toPhoneMessage(updated!);
  }

  async delete(userId: string, id: string) {
    if (!(await this.messages.delete(userId, id))) throw new NotFoundError('Phone message');
    this.live.publish(userId, 'phone-messages', { id });
    return { success: true as const };
  }

  private async require(userId: string, id: string) {
    const message = await this.messages.findOne(userId, id);
    if (!message) throw new NotFoundError('Phone message');
    return message;
  }

  /** The recording's audio for the gateway's binary reply; no Twilio URL or credential leaves the service. */
  async recording(userId: string, id: string) {
    const message = await this.require(userId, id);
    if (!message.recordingSid) throw new NotFoundError('Recording');
    const audio = await this.twilio.fetchRecording(message.recordingSid);
    return { contentType: audio.contentType, base64: audio.data.toString('base64') };
  }

  /** Remembers whom a ringing call is for, so its later callbacks (which carry only the CallSid) find the owner; a retry changes nothing. */
  rememberCall(call: Pick<InboundCallEntity, 'callSid' | 'userId' | 'fromNumber' | 'toNumber'>) {
    return this.messages.rememberCall(call);
  }

  /** The call a callback is about, or null for a call that is not ours. */
  findCall(callSid: string) {
    return this.messages.findCall(callSid);
  }

  /**
   * Records what a call or text left, once per sid however often Twilio retries or in whatever order its callbacks
   * come; the first record announces the message, later ones only refresh the badge.
   */
  async record(record: IncomingRecord): Promise<PhoneMessageEntity> {
    const { callerText, classification: given, ...fields } = record;
    const known = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined && v !== null)) as Partial<PhoneMessageEntity>;
    const classification = record.transcript !== undefined ? classify(callerText ?? record.transcript, record.tags, given) : {};
    const { message, created } = await this.messages.upsertBySource(
      { ...known, ...classification, userId: record.userId, sourceSid: record.sourceSid, callerNumber: record.callerNumber },
      { ...withoutKeys(known, ['userId', 'sourceSid', 'callerNumber', 'tags']), ...classification },
    );
    if (created) {
      await this.events.publish(
        'evt.telephony.phone-message.received',
        { phoneMessageId: message.id, userId: message.userId, priority: message.priority, callbackRequested: message.callbackRequested },
        `phone-message:${record.sourceSid}`,
      );
    }
    this.live.publish(message.userId, 'phone-messages', { id: message.id });
    return message;
  }

  /** Account lifecycle (issue 22): the user's phone messages with their transcripts. */
  accountRows(userId: string): Promise<PhoneMessageEntity[]> {
    return this.messages.ofUser(userId);
  }

  ownsRecording(userId: string, recordingSid: string): Promise<boolean> {
    return this.messages.hasRecording(userId, recordingSid);
  }

  importAccountRows(manager: EntityManager, rows: Partial<PhoneMessageEntity>[]) {
    return this.messages.insertImported(manager, rows);
  }

  /** The messages and the calls that reached the user's line. */
  eraseAccountRows(manager: EntityManager, userId: string) {
    return this.messages.eraseUser(manager, userId);
  }
}

function classify(transcript: string | null, extraTags: string[] = [], given?: Classification | null) {
  const c = given ?? classifyByKeywords(transcript);
  return {
    messageType: c.messageType,
    priority: c.priority,
    tags: [...new Set([...extraTags, ...c.tags])],
    actionItems: c.actionItems,
    followUpNeeded: c.followUpNeeded,
    callbackRequested: c.callbackRequested,
  };
}

function withoutKeys<T extends object>(value: T, keys: string[]): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([k]) => !keys.includes(k))) as Partial<T>;
}

export function toPhoneMessage(m: PhoneMessageEntity): PhoneMessage {
  return {
    id: m.id,
    caller_name: m.callerName,
    caller_number: m.callerNumber,
    message_type: m.messageType as PhoneMessage['message_type'],
    priority: m.priority as PhoneMessage['priority'],
    status: m.status as PhoneMessage['status'],
    duration: m.duration,
    created_at: m.createdAt.toISOString(),
    transcript: m.transcript,
    jarvis_response: m.jarvisResponse,
    recording_url: m.recordingSid ? `/api/phone-messages/${m.id}/recording` : null,
    tags: m.tags,
    action_items: m.actionItems,
    notes: m.notes,
    follow_up_needed: m.followUpNeeded,
    callback_requested: m.callbackRequested,
  };
}
