import { z } from 'zod';
import { emailAddress, endpoint, idParam, noInput, returns, rowId } from '../endpoint';

export interface PhoneMessage {
  id: string;
  caller_name: string | null;
  caller_number: string;
  message_type: 'question' | 'callback_request' | 'callback' | 'urgent' | 'conversation_end' | 'other';
  priority: 'urgent' | 'high' | 'normal' | 'low';
  status: 'new' | 'read' | 'replied' | 'archived';
  duration: number | null;
  created_at: string;
  transcript: string | null;
  jarvis_response: string | null;
  recording_url: string | null;
  tags: string[];
  action_items: { task: string; completed: boolean; priority: string }[];
  notes: string | null;
  follow_up_needed: boolean;
  callback_requested: boolean;
}

export interface Contact {
  id: string;
  name: string;
  phone_number: string;
  email: string | null;
  notes: string | null;
}

export interface CallScenario {
  id: string;
  name: string;
  description: string | null;
  scenario_type: 'good_morning' | 'news_briefing' | 'check_in' | 'bible_verse' | 'lottery_update' | 'custom';
  message_template: string;
  target_phone_number: string;
  schedule_enabled: boolean;
  schedule_cron: string | null;
  schedule_timezone: string;
  is_active: boolean;
  last_executed: string | null;
}

export interface CallLog {
  id: string;
  phoneNumber: string;
  scenario: string;
  status: 'pending' | 'processing' | 'completed' | 'failed';
  errorMessage: string | null;
  transcript: string | null;
  /** What a streamed call achieved, as the assistant reported it (report_outcome: 'confirmed', 'promised_payment'...). */
  outcome?: { result: string; details: string | null } | null;
  recordingUrl: string | null;
  callSid: string | null;
  duration: number | null;
  createdAt: string;
}

/**
 * What the phone agent may tell callers, and the people it calls, about its owner: the phone line card's switches.
 * Memories and reminder titles have none: they never reach a call.
 */
export interface CallerSharing {
  /** The owner's first name. */
  name: boolean;
  /** Today's busy and free times (from the owner's reminders, never what they are). */
  availability: boolean;
  /** What the owner taught their AI twin: facts, way of speaking, boundaries. */
  twinFacts: boolean;
}

/** Until the owner chooses: their name and when they are busy, nothing else. */
export const DEFAULT_CALLER_SHARING: CallerSharing = { name: true, availability: true, twinFacts: false };

/** GET /api/phone-line. */
export interface PhoneLineState {
  /** The user's line, null without one. */
  phoneNumber: string | null;
  sharing: CallerSharing;
  /** Numbers of TWILIO_CLAIMABLE_NUMBERS no line holds yet (the first 6), to claim; empty once the user has a line. */
  offeredNumbers: string[];
}

export interface QueuedCall {
  id: string;
  phoneNumber: string;
  scenario: string;
  priority: 'urgent' | 'high' | 'normal' | 'low';
  status: 'pending' | 'calling';
  createdAt: string;
}

/** E.164: a plus, a country code and up to 15 digits. */
export const phoneNumber = z
  .string({ error: 'Phone number is required' })
  .trim()
  .max(16, 'Use international format with country code, e.g. +1234567890')
  .regex(/^\+[1-9]\d{6,14}$/, 'Use international format with country code, e.g. +1234567890');

const futureIso = z.iso.datetime({ offset: true }).max(40).optional();
/**
 * Optional: telephony picks the kind's usual priority when absent (missed-call return and appointment high,
 * spam-block low, the others normal).
 */
const callPriority = z.enum(['urgent', 'high', 'normal', 'low']).optional();
const callBase = { phoneNumber, scheduledTime: futureIso, priority: callPriority };

/**
 * A contact's number as the user typed it ('+1 (555) 123-4567' too): telephony parses it with libphonenumber-js and
 * stores E.164, or answers 400 'Phone number must include the country code, e.g. +1234567890'.
 */
const typedPhoneNumber = z
  .string({ error: 'Phone number is required' })
  .trim()
  .min(1, 'Phone number is required')
  .max(32, 'Phone number must include the country code, e.g. +1234567890');

const contactBody = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(200),
  phone_number: typedPhoneNumber,
  email: z.union([z.literal(''), z.null(), emailAddress()]).optional().transform((v) => v || null),
  notes: z.string().max(5_000).nullish().transform((v) => v || null),
});

const scenarioBody = z.object({
  name: z.string().trim().min(1, 'Name is required').max(200),
  description: z.string().max(2_000).nullish(),
  scenario_type: z.enum(['good_morning', 'news_briefing', 'check_in', 'bible_verse', 'lottery_update', 'custom']),
  message_template: z.string().trim().min(1, 'Message template is required').max(4_000),
  target_phone_number: phoneNumber,
  schedule_enabled: z.boolean().default(false),
  schedule_cron: z.string().trim().max(100).nullish(),
  schedule_timezone: z.string().max(100).default('America/New_York'),
  is_active: z.boolean().default(true),
});

const queued = returns<{ success: true; callId: string }>();

export const telephonyEndpoints = {
  phoneLine: endpoint({
    method: 'GET', path: '/api/phone-line', service: 'telephony', subject: 'telephony.phone-line.get', access: 'user',
    request: noInput, response: returns<PhoneLineState>(),
  }),
  /** The phone line card's sharing switches: what the phone agent may tell callers (the fields given change). */
  updateCallerSharing: endpoint({
    method: 'PUT', path: '/api/phone-line/sharing', service: 'telephony', subject: 'telephony.phone-line.sharing',
    access: 'user',
    request: z.object({ name: z.boolean().optional(), availability: z.boolean().optional(), twinFacts: z.boolean().optional() }),
    response: returns<CallerSharing>(),
  }),
  claimPhoneLine: endpoint({
    method: 'POST', path: '/api/phone-line', service: 'telephony', subject: 'telephony.phone-line.claim', access: 'user',
    request: z.object({ phoneNumber: phoneNumber.optional() }), timeoutMs: 30_000,
    response: returns<{ phoneNumber: string }>(),
  }),
  releasePhoneLine: endpoint({
    method: 'DELETE', path: '/api/phone-line', service: 'telephony', subject: 'telephony.phone-line.release',
    access: 'user', request: noInput, timeoutMs: 30_000, response: returns<{ success: true }>(),
  }),
  phoneMessage: endpoint({
    method: 'GET', path: '/api/phone-messages/:id', service: 'telephony', subject: 'telephony.phone-messages.get',
    access: 'user', request: idParam, response: returns<PhoneMessage>(),
  }),
  deletePhoneMessage: endpoint({
    method: 'DELETE', path: '/api/phone-messages/:id', service: 'telephony', subject: 'telephony.phone-messages.delete',
    access: 'user', request: idParam, response: returns<{ success: true }>(),
  }),
  phoneMessages: endpoint({
    method: 'GET', path: '/api/phone-messages', service: 'telephony', subject: 'telephony.phone-messages.list',
    access: 'user', request: noInput, response: returns<PhoneMessage[]>(),
  }),
  updatePhoneMessage: endpoint({
    method: 'PUT', path: '/api/phone-messages/:id', service: 'telephony', subject: 'telephony.phone-messages.update',
    access: 'user',
    request: z.object({
      id: rowId(),
      status: z.enum(['new', 'read', 'replied', 'archived']).optional(),
      notes: z.string().max(10_000).optional(),
    }),
    response: returns<PhoneMessage>(),
  }),
  phoneMessageRecording: endpoint({
    method: 'GET', path: '/api/phone-messages/:id/recording', service: 'telephony',
    subject: 'telephony.phone-messages.recording', access: 'user', request: idParam, responseKind: 'binary',
    timeoutMs: 30_000, response: returns<{ contentType: string; base64: string }>(),
  }),
  callQueue: endpoint({
    method: 'GET', path: '/api/proactive-call/queue', service: 'telephony', subject: 'telephony.calls.queue',
    access: 'user', request: noInput, response: returns<{ queue: QueuedCall[]; totalQueued: number; isProcessing: boolean }>(),
  }),
  callLogs: endpoint({
    method: 'GET', path: '/api/proactive-call/logs', service: 'telephony', subject: 'telephony.calls.logs',
    access: 'user', request: noInput, response: returns<CallLog[]>(),
  }),
  callRecording: endpoint({
    method: 'GET', path: '/api/proactive-call/logs/:id/recording', service: 'telephony',
    subject: 'telephony.calls.recording', access: 'user', request: idParam, responseKind: 'binary',
    timeoutMs: 30_000, response: returns<{ contentType: string; base64: string }>(),
  }),
  deleteCallLog: endpoint({
    method: 'DELETE', path: '/api/proactive-call/logs/:id', service: 'telephony', subject: 'telephony.calls.deleteLog',
    access: 'user', request: idParam, response: returns<{ success: true }>(),
  }),
  billCollectorCall: endpoint({
    method: 'POST', path: '/api/proactive-call/bill-collector', service: 'telephony',
    subject: 'telephony.calls.enqueueBillCollector', access: { minTier: 'premium' }, quota: { kind: 'outgoing_calls' },
    request: z.object({
      ...callBase,
      companyName: z.string().trim().min(1, 'Company is required').max(200),
      accountNumber: z.string().trim().min(1, 'Account number is required').max(100),
      amount: z.union([z.string().max(50), z.number()]).transform(String).pipe(z.string().min(1, 'Amount is required')),
      clientName: z.string().trim().min(1, 'Client name is required').max(200),
      clientEmail: emailAddress('Enter a valid client e-mail'),
    }),
    response: queued,
  }),
  appointmentCall: endpoint({
    method: 'POST', path: '/api/proactive-call/appointment', service: 'telephony',
    subject: 'telephony.calls.enqueueAppointment', access: { minTier: 'premium' }, quota: { kind: 'outgoing_calls' },
    request: z.object({
      ...callBase,
      appointmentType: z.string().trim().min(1, 'Appointment type is required').max(200),
      appointmentTime: z.string().trim().max(200).optional(),
      location: z.string().trim().min(1, 'Location is required').max(500),
    }),
    response: queued,
  }),
  spamBlockCall: endpoint({
    method: 'POST', path: '/api/proactive-call/spam-block', service: 'telephony', subject: 'telephony.calls.enqueueSpamBlock',
    access: { minTier: 'premium' }, quota: { kind: 'outgoing_calls' },
    request: z.object({ ...callBase, reason: z.string().trim().min(1, 'Reason is required').max(1_000) }),
    response: queued,
  }),
  followUpCall: endpoint({
    method: 'POST', path: '/api/proactive-call/follow-up', service: 'telephony', subject: 'telephony.calls.enqueueFollowUp',
    access: { minTier: 'premium' }, quota: { kind: 'outgoing_calls' },
    request: z.object({
      ...callBase,
      message: z.string().trim().min(1, 'Message is required').max(4_000),
      context: z.string().trim().min(1, 'Context is required').max(4_000),
      lastInteraction: z.string().trim().max(100).optional(),
    }),
    response: queued,
  }),
  missedCallReturn: endpoint({
    method: 'POST', path: '/api/proactive-call/missed-call-return', service: 'telephony',
    subject: 'telephony.calls.enqueueMissedCallReturn', access: { minTier: 'premium' }, quota: { kind: 'outgoing_calls' },
    request: z.object(callBase), response: queued,
  }),
  scenarios: endpoint({
    method: 'GET', path: '/api/call-scenarios', service: 'telephony', subject: 'telephony.scenarios.list',
    access: 'user', request: noInput, response: returns<{ scenarios: CallScenario[] }>(),
  }),
  createScenario: endpoint({
    method: 'POST', path: '/api/call-scenarios', service: 'telephony', subject: 'telephony.scenarios.create',
    access: 'user', request: scenarioBody, response: returns<CallScenario>(),
  }),
  updateScenario: endpoint({
    method: 'PUT', path: '/api/call-scenarios/:id', service: 'telephony', subject: 'telephony.scenarios.update',
    access: 'user', request: scenarioBody.extend({ id: rowId() }), response: returns<CallScenario>(),
  }),
  deleteScenario: endpoint({
    method: 'DELETE', path: '/api/call-scenarios/:id', service: 'telephony', subject: 'telephony.scenarios.delete',
    access: 'user', request: idParam, response: returns<{ success: true }>(),
  }),
  executeScenario: endpoint({
    method: 'POST', path: '/api/call-scenarios/:id/execute', service: 'telephony', subject: 'telephony.scenarios.execute',
    access: { minTier: 'premium' }, quota: { kind: 'outgoing_calls' }, request: idParam, response: queued,
  }),
  smsDraft: endpoint({
    method: 'GET', path: '/api/sms/draft', service: 'telephony', subject: 'telephony.sms.draft', access: 'user',
    request: noInput,
    response: returns<{ hasDraft: boolean; message?: string; contactName?: string; recipientDisplay?: string; hasValidPhone: boolean; needsRecipientFix: boolean; recipientError?: string }>(),
  }),
  smsSend: endpoint({
    method: 'POST', path: '/api/sms/send', service: 'telephony', subject: 'telephony.sms.send', access: 'user',
    request: z.object({ message: z.string().trim().min(1, 'message is required').max(1_600) }),
    response: returns<{ success: boolean; error?: string }>(),
  }),
  contacts: endpoint({
    method: 'GET', path: '/api/contacts', service: 'telephony', subject: 'telephony.contacts.list', access: 'user',
    request: noInput, response: returns<Contact[]>(),
  }),
  createContact: endpoint({
    method: 'POST', path: '/api/contacts', service: 'telephony', subject: 'telephony.contacts.create', access: 'user',
    request: contactBody, response: returns<Contact>(),
  }),
  updateContact: endpoint({
    method: 'PUT', path: '/api/contacts/:id', service: 'telephony', subject: 'telephony.contacts.update', access: 'user',
    request: contactBody.extend({ id: rowId() }), response: returns<Contact>(),
  }),
  deleteContact: endpoint({
    method: 'DELETE', path: '/api/contacts/:id', service: 'telephony', subject: 'telephony.contacts.delete',
    access: 'user', request: idParam, response: returns<{ success: true }>(),
  }),
};
