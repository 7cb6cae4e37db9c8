import type { Logger } from '@nestjs/common';
import type { AudioSocket, AudioStreamEnd } from '@jarvis/platform';
import { z } from 'zod';
import { GOODBYE, MAX_CONVERSATION_MS, MAX_TURNS } from '../conversation/conversation.constants';
import type { PhoneMessagesService } from '../phone-messages/phone-messages.service';
import type { TelephonyProvider } from '../twilio/telephony.provider';
import type { OwnerSpeech } from './owner-speech.provider';
import type { RealtimeClientEvent, RealtimeLink, RealtimeModel, RealtimeServerEvent } from './realtime-model.provider';
import type { StreamedCall, StreamedCallStore } from './streamed-call.store';
import type { FallbackReason } from './streamed-calls.metrics';
import { takenClassification } from './taken-message';
import {
  HANG_UP_GRACE_MS,
  MARK_EVERY_MS,
  INPUT_TRANSCRIPTION_MODEL,
  LIMIT_REACHED,
  REALTIME_CONNECT_TIMEOUT_MS,
  REALTIME_VOICE,
  sayExactly,
  STREAM_START_TIMEOUT_MS,
  URGENCIES,
} from './streamed-calls.constants';

/** What a bridge needs of the service; one set for every call a replica holds. */
export interface BridgeDeps {
  store: StreamedCallStore;
  realtime: RealtimeModel;
  speech: OwnerSpeech;
  messages: PhoneMessagesService;
  twilio: TelephonyProvider;
  logger: Logger;
  /** The model could not be reached in time, or went away: the call goes on turn by turn (logged and counted, never said). */
  fellBack(call: StreamedCall | null, reason: FallbackReason, detail: string): void;
}

const takeMessageArgs = z.object({
  caller_name: z.string().trim().max(200).nullish(),
  callback_number: z.string().trim().max(40).nullish(),
  message: z.string().trim().min(1).max(4_000),
  urgency: z.enum(URGENCIES).catch('normal'),
});
const reportOutcomeArgs = z.object({ result: z.string().trim().min(1).max(40), details: z.string().trim().max(2_000).nullish() });

/** μ-law at 8 kHz: 8 bytes a millisecond; a base64 payload's length says how many without decoding it. */
const msOfBase64 = (payload: string) => ((payload.length * 3) / 4 - (payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0)) / 8;
/** A sentence is complete at its end mark followed by a space (or at the end of the answer). */
const SENTENCE_END = /[.!?…]["')\]]*\s/;

/** A response of the model while it is being made. */
interface Answer {
  id: string;
  /** Its line in the transcript. */
  line: { who: 'jarvis'; text: string };
  spoke: boolean;
  /** The model should go on after the tools it called (their output is in). */
  goOn: boolean;
  /** The call's last words: once they were heard, the call is hung up. */
  last: boolean;
}

/**
 * One streamed call on the replica holding its stream: Twilio's Media Stream on one side, a Realtime session on the
 * other. Caller audio goes to the model as it arrives; the model's audio goes to Twilio as it arrives, each delta
 * followed by a mark, so the echoed marks say what the caller has heard. When the caller speaks over the assistant,
 * Twilio is told to clear at once and the model's item is truncated to what was heard. Tools: take_message (the
 * call's one phone message), end_call, report_outcome (outbound). The call's state lives in Redis as it goes.
 */
export class CallBridge {
  private call: StreamedCall | null = null;
  private streamSid = '';
  private link?: RealtimeLink;
  private ready = false;
  private done = false;
  private readonly timers = new Set<NodeJS.Timeout>();
  /** The caller's line of each input item, filled when its transcription arrives. */
  private readonly callerLines = new Map<string, { who: 'caller'; text: string }>();
  private answer: Answer | null = null;
  /** The item whose audio is going to Twilio, how much of it was sent and how much the caller has heard. */
  private playing: { itemId: string; sentMs: number; heardMs: number; markedMs: number } | null = null;
  /** Marks sent and not echoed yet: audio still queued at Twilio. */
  private readonly pendingMarks = new Set<string>();
  private readonly interrupted = new Set<string>();
  private goodbyeHeard = false;
  /** The call is ending: its last words were asked for, then said; once heard, it is hung up. */
  private ending: { lastAsked: boolean; lastDone: boolean; timer?: NodeJS.Timeout } | null = null;
  /** The next answer is the last words asked for. */
  private awaitingLast = false;
  /** The owner's voice: the text item being written (dropped once the caller spoke over it). */
  private textItem = '';
  // The owner's voice: the model writes, each sentence is spoken by ElevenLabs as soon as it is complete.
  private text = '';
  private speaking: Promise<void> = Promise.resolve();
  private speechAbort = new AbortController();
  private sentences = 0;
  private voiceItem = 0;

  constructor(
    private readonly socket: AudioSocket,
    private readonly deps: BridgeDeps,
  ) {
    socket.onMessage((frame) => this.fromTwilio(typeof frame === 'string' ? frame : frame.toString('utf8')));
    socket.onClose((end) => void this.closed(end));
    this.later(STREAM_START_TIMEOUT_MS, () => {
      if (!this.streamSid) this.socket.close(1008, 'No start message');
    });
  }

  private get ownerVoice(): string | null {
    return this.call?.ownerVoiceId && this.deps.speech.configured ? this.call.ownerVoiceId : null;
  }

  // Twilio's side.

  private fromTwilio(text: string) {
    let message: { event?: string; media?: { payload?: string }; mark?: { name?: string }; start?: { streamSid?: string; callSid?: string; customParameters?: Record<string, string> } };
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    switch (message.event) {
      case 'media':
        if (this.ready && message.media?.payload) this.link!.send({ type: 'input_audio_buffer.append', audio: message.media.payload });
        return;
      case 'mark':
        return this.heard(String(message.mark?.name ?? ''));
      case 'start':
        if (this.streamSid) return;
        this.streamSid = message.start?.streamSid ?? '';
        void this.begin(message.start?.customParameters?.callSid || message.start?.callSid || '');
        return;
      case 'stop':
        // The caller hung up (or we did): the socket closes next.
        this.done = true;
        return;
    }
  }

  private toTwilio(message: string) {
    this.socket.send(message);
  }

  private media(payload: string) {
    // Built by hand: base64 needs no escaping, and this runs for every 20 ms of the assistant's voice.
    this.toTwilio(`{"event":"media","streamSid":"${this.streamSid}","media":{"payload":"${payload}"}}`);
  }

  private mark(name: string) {
    this.pendingMarks.add(name);
    this.toTwilio(`{"event":"mark","streamSid":"${this.streamSid}","mark":{"name":"${name}"}}`);
  }

  /** Twilio played our audio up to a mark (or cleared it: a mark we no longer wait for is ignored). */
  private heard(name: string) {
    if (!this.pendingMarks.delete(name)) return;
    const [itemId, ms] = name.split('|');
    if (this.playing?.itemId === itemId) this.playing.heardMs = Number(ms);
    if (this.ending?.lastDone && this.pendingMarks.size === 0 && this.sentences === 0) this.hangUp();
  }

  // The call's start: its state, and the model within REALTIME_CONNECT_TIMEOUT_MS of the stream starting.

  private async begin(callSid: string) {
    const [call, link] = await Promise.all([
      this.deps.store.get(callSid).catch(() => null),
      this.deps.realtime.connect(REALTIME_CONNECT_TIMEOUT_MS).catch((error: Error) => error),
    ]);
    if (this.done || this.socket.closed) {
      if (!(link instanceof Error)) link.close();
      return;
    }
    if (!call) {
      this.deps.logger.warn(`A media stream for an unknown call ${callSid}; closing it`);
      if (!(link instanceof Error)) link.close();
      this.socket.close(1008, 'Unknown call');
      return;
    }
    this.call = call;
    if (link instanceof Error) {
      this.deps.fellBack(call, 'unreachable', link.message);
      await this.deps.store.move(call.callSid, ['answered'], 'fallback');
      this.socket.close(1000, 'The call goes on turn by turn');
      return;
    }
    if (!(await this.deps.store.move(call.callSid, ['answered'], 'streaming'))) {
      // Another stream of the same call (a retried <Connect>) or a call already over: this one says nothing.
      link.close();
      this.socket.close(1000, 'The call is not waiting for a stream');
      return;
    }
    this.link = link;
    call.startedAt = Date.now();
    await this.save();
    link.onEvent((event) => this.fromModel(event));
    link.onClose(() => this.modelGone());
    link.send({
      type: 'session.update',
      session: {
        type: 'realtime',
        instructions: call.instructions,
        output_modalities: [this.ownerVoice ? 'text' : 'audio'],
        audio: {
          input: {
            format: { type: 'audio/pcmu' },
            transcription: { model: INPUT_TRANSCRIPTION_MODEL },
            turn_detection: { type: 'server_vad', create_response: true, interrupt_response: true },
          },
          output: { format: { type: 'audio/pcmu' }, voice: REALTIME_VOICE },
        },
        tools: this.tools(call),
        tool_choice: 'auto',
      },
    });
    this.ready = true;
    this.ask(call.greeting);
    this.later(Math.max(0, MAX_CONVERSATION_MS - (Date.now() - call.startedAt)), () => this.limitReached());
  }

  private tools(call: StreamedCall) {
    const endCall = {
      type: 'function' as const,
      name: 'end_call',
      description: 'Hang up once you have said goodbye.',
      parameters: { type: 'object', properties: { reason: { type: 'string' } }, additionalProperties: false },
    };
    if (call.kind === 'outbound') {
      return [
        {
          type: 'function' as const,
          name: 'report_outcome',
          description: "The result of the call's purpose, as the person answered it.",
          parameters: {
            type: 'object',
            properties: { result: { type: 'string', enum: [...(call.outcomes ?? ['no_decision'])] }, details: { type: 'string' } },
            required: ['result'],
            additionalProperties: false,
          },
        },
        endCall,
      ];
    }
    return [
      {
        type: 'function' as const,
        name: 'take_message',
        description: 'Keep the message the caller wants passed on to your owner.',
        parameters: {
          type: 'object',
          properties: {
            caller_name: { type: 'string', description: "The caller's name, as they gave it" },
            callback_number: { type: 'string', description: 'A number to call back, when they gave one' },
            message: { type: 'string', description: 'What to pass on, in a sentence or two' },
            urgency: { type: 'string', enum: [...URGENCIES] },
          },
          required: ['message', 'urgency'],
          additionalProperties: false,
        },
      },
      endCall,
    ];
  }

  /** Asks the model to say `line` as it is (the greeting, a farewell). */
  private ask(line: string) {
    this.link?.send({ type: 'response.create', response: { instructions: sayExactly(line) } });
  }

  // The model's side.

  private fromModel(event: RealtimeServerEvent) {
    switch (event.type) {
      case 'response.output_audio.delta':
        return this.play(event.item_id, event.delta);
      case 'input_audio_buffer.speech_started':
        return this.interrupt();
      case 'input_audio_buffer.speech_stopped': {
        const line = { who: 'caller' as const, text: '' };
        this.callerLines.set(event.item_id, line);
        this.call!.lines.push(line);
        return;
      }
      case 'conversation.item.input_audio_transcription.completed':
        return void this.callerSaid(event.item_id, event.transcript);
      case 'response.created':
        return this.answerStarted(event.response.id ?? '');
      case 'response.output_audio.done':
        return this.endOfAudio();
      case 'response.output_audio_transcript.delta':
        if (this.answer) this.answer.line.text += event.delta;
        return;
      case 'response.output_audio_transcript.done':
        if (this.answer) this.answer.line.text = event.transcript;
        return void this.save();
      case 'response.output_text.delta':
        if (this.answer) this.answer.line.text += event.delta;
        return this.write(event.item_id, event.delta);
      case 'response.output_text.done':
        if (this.answer) this.answer.line.text = event.text;
        this.write(event.item_id, '', true);
        return void this.save();
      case 'response.function_call_arguments.done':
        return void this.tool(event.name, event.call_id, event.arguments);
      case 'response.done':
        return this.answerDone(event.response.status ?? 'completed');
      case 'error':
        // A cancel or truncate that came too late, mostly: the call goes on.
        this.deps.logger.debug(`Realtime error on call ${this.call?.callSid}: ${event.error.message}`);
        return;
    }
  }

  private answerStarted(id: string) {
    const line = { who: 'jarvis' as const, text: '' };
    this.call!.lines.push(line);
    this.answer = { id, line, spoke: false, goOn: false, last: this.awaitingLast };
    this.awaitingLast = false;
  }

  /**
   * The model's audio, as it arrives: to Twilio at once, with a mark every MARK_EVERY_MS of audio and at the end of
   * each answer (`endOfAudio`), so the echoed marks say how much of it the caller heard.
   */
  private play(itemId: string, delta: string) {
    if (this.interrupted.has(itemId) || !this.streamSid) return;
    if (this.playing?.itemId !== itemId) {
      this.endOfAudio();
      this.playing = { itemId, sentMs: 0, heardMs: 0, markedMs: 0 };
    }
    if (this.answer) this.answer.spoke = true;
    this.media(delta);
    this.playing.sentMs += msOfBase64(delta);
    if (this.playing.sentMs - this.playing.markedMs >= MARK_EVERY_MS) this.endOfAudio();
  }

  /** A mark after what was sent of the item playing, unless one already follows it. */
  private endOfAudio() {
    const item = this.playing;
    if (!item || item.sentMs === item.markedMs || this.interrupted.has(item.itemId)) return;
    item.markedMs = item.sentMs;
    this.mark(`${item.itemId}|${Math.round(item.sentMs)}`);
  }

  /**
   * The caller started speaking. If they hear us, they are interrupting: Twilio drops what it has queued, the owner's
   * voice stops, and the model's item is cut where the caller stopped hearing it, so its history is what was said.
   */
  private interrupt() {
    if (this.ending) return;
    const playing = this.pendingMarks.size > 0 || this.sentences > 0;
    if (!playing) return;
    this.toTwilio(`{"event":"clear","streamSid":"${this.streamSid}"}`);
    this.pendingMarks.clear();
    this.stopSpeaking();
    const item = this.playing;
    if (this.ownerVoice) {
      // A text item has no audio to cut; what is still being written for it is not spoken.
      if (this.textItem) this.interrupted.add(this.textItem);
    } else if (item) {
      this.interrupted.add(item.itemId);
      this.link?.send({ type: 'conversation.item.truncate', item_id: item.itemId, content_index: 0, audio_end_ms: Math.round(item.heardMs) });
    }
    this.playing = null;
  }

  private async callerSaid(itemId: string, transcript: string) {
    const call = this.call!;
    const line = this.callerLines.get(itemId) ?? { who: 'caller' as const, text: '' };
    if (!this.callerLines.has(itemId)) call.lines.push(line);
    line.text = transcript.trim();
    call.turns++;
    if (GOODBYE.test(line.text)) this.goodbyeHeard = true;
    await this.save();
  }

  // The owner's voice: sentences to ElevenLabs as they complete, their audio to Twilio in order.

  private write(itemId: string, delta: string, last = false) {
    if (!this.ownerVoice || this.interrupted.has(itemId)) return;
    if (this.textItem !== itemId) {
      this.textItem = itemId;
      this.text = '';
    }
    this.text += delta;
    for (;;) {
      const end = this.text.search(SENTENCE_END);
      if (end === -1) break;
      const cut = this.text.slice(0, end + 1).length + (this.text.slice(end + 1).match(/^["')\]]*/)?.[0].length ?? 0);
      this.speak(this.text.slice(0, cut).trim());
      this.text = this.text.slice(cut);
    }
    if (last) {
      this.speak(this.text.trim());
      this.text = '';
    }
  }

  private speak(sentence: string) {
    if (!sentence) return;
    const voiceId = this.ownerVoice!;
    const signal = this.speechAbort.signal;
    const itemId = `voice-${++this.voiceItem}`;
    if (this.answer) this.answer.spoke = true;
    // Each sentence starts at once; its audio waits for the sentences before it to have been sent.
    const chunks: Buffer[] = [];
    let flowing = false;
    const send = (ulaw: Buffer) => {
      if (signal.aborted) return;
      this.play(itemId, ulaw.toString('base64'));
    };
    this.sentences++;
    const synthesis = this.deps.speech
      .stream(voiceId, sentence, (ulaw) => (flowing ? send(ulaw) : chunks.push(ulaw)), signal)
      .catch((error: Error) => this.deps.logger.warn(`The owner's voice failed on call ${this.call?.callSid}: ${error.message}`));
    const previous = this.speaking;
    this.speaking = previous.then(async () => {
      flowing = true;
      for (const chunk of chunks.splice(0)) send(chunk);
      await synthesis;
      if (!signal.aborted) this.endOfAudio();
      this.sentences--;
      if (this.ending?.lastDone) this.hangUpWhenHeard();
    });
  }

  private stopSpeaking() {
    this.speechAbort.abort();
    this.speechAbort = new AbortController();
    this.text = '';
  }

  // Tools.

  /**
   * A tool the model called. Its output goes back at once (the model's next words wait for it); what it keeps is
   * saved meanwhile, and is in the call's state for the call's end whatever happens to this write.
   */
  private tool(name: string, callId: string, args: string) {
    const call = this.call!;
    let output: Record<string, unknown> = { ok: true };
    try {
      const parsed = JSON.parse(args || '{}') as unknown;
      if (name === 'take_message' && call.kind === 'inbound') {
        const given = takeMessageArgs.parse(parsed);
        call.message = {
          callerName: given.caller_name || null, callbackNumber: given.callback_number || null, message: given.message, urgency: given.urgency,
        };
        void this.keepMessage(call);
        if (this.answer) this.answer.goOn = true;
      } else if (name === 'report_outcome' && call.kind === 'outbound') {
        const given = reportOutcomeArgs.parse(parsed);
        if (!(call.outcomes ?? []).includes(given.result)) throw new Error(`result must be one of ${(call.outcomes ?? []).join(', ')}`);
        call.outcome = { result: given.result, details: given.details || null };
        void this.save();
        if (this.answer) this.answer.goOn = true;
      } else if (name === 'end_call') {
        this.startEnding();
        if (this.answer) this.answer.last = true;
      } else {
        output = { ok: false, error: `No tool named ${name}` };
        if (this.answer) this.answer.goOn = true;
      }
    } catch (error) {
      output = { ok: false, error: error instanceof z.ZodError ? 'The arguments were not valid' : (error as Error).message };
      if (this.answer) this.answer.goOn = true;
    }
    this.link?.send({ type: 'conversation.item.create', item: { type: 'function_call_output', call_id: callId, output: JSON.stringify(output) } } as RealtimeClientEvent);
  }

  /** The call's phone message, one per CallSid (a second take_message updates it; the call's end fills in the rest). */
  private async keepMessage(call: StreamedCall) {
    await this.save();
    try {
      await this.deps.messages.record({
        userId: call.userId,
        sourceSid: call.callSid,
        callerNumber: call.fromNumber ?? '',
        callerName: call.message!.callerName,
        transcript: this.transcript(),
        classification: takenClassification(call.message!),
      });
    } catch (error) {
      this.deps.logger.warn(`The message of call ${call.callSid} waits for the call's end: ${(error as Error).message}`);
    }
  }

  private answerDone(status: string) {
    const answer = this.answer;
    this.answer = null;
    void this.save();
    if (!answer) return;
    if (answer.last) {
      // end_call in an answer that said nothing: the farewell is asked for; otherwise these were the last words.
      if (!answer.spoke && !this.ending!.lastAsked) return this.sayLast(this.call!.farewell);
      this.ending!.lastDone = true;
      return this.hangUpWhenHeard();
    }
    if (status !== 'completed' || this.ending) return;
    if (this.goodbyeHeard) {
      // The caller said goodbye and the model answered it: that answer was the last.
      this.startEnding();
      this.ending!.lastDone = true;
      return this.hangUpWhenHeard();
    }
    if (this.call!.turns >= MAX_TURNS) return this.sayLast(`${LIMIT_REACHED} ${this.call!.farewell}`);
    if (answer.goOn) this.link?.send({ type: 'response.create' });
  }

  /** The 5 minutes are up: whatever is being said stops, the caller is told, then the call ends. */
  private limitReached() {
    if (this.ending || this.done) return;
    if (this.answer) this.link?.send({ type: 'response.cancel' });
    this.interrupt();
    this.sayLast(`${LIMIT_REACHED} ${this.call!.farewell}`);
  }

  /** The last words, asked for: nobody can interrupt them, and the call is hung up once they were heard. */
  private sayLast(line: string) {
    this.startEnding();
    this.ending!.lastAsked = true;
    this.awaitingLast = true;
    this.ask(line);
  }

  /** From now on the caller's speech neither interrupts nor asks for an answer (no more turn detection). */
  private startEnding() {
    if (this.ending) return;
    this.ending = { lastAsked: false, lastDone: false };
    void this.deps.store.move(this.call!.callSid, ['streaming'], 'ending');
    this.link?.send({ type: 'session.update', session: { type: 'realtime', audio: { input: { turn_detection: null } } } });
  }

  /** Hangs up once the caller heard the last words: when Twilio echoed the last mark, or after their length at most. */
  private hangUpWhenHeard() {
    if (!this.ending?.lastDone || this.done || this.sentences > 0) return;
    if (this.pendingMarks.size === 0) return this.hangUp();
    const unheard = this.playing ? Math.max(0, this.playing.sentMs - this.playing.heardMs) : 0;
    this.ending.timer ??= this.later(unheard + HANG_UP_GRACE_MS, () => this.hangUp());
  }

  /** Completes the call through Twilio's REST API; Twilio then closes the stream and sends the status callback. */
  private hangUp() {
    if (this.done) return;
    this.done = true;
    const call = this.call!;
    void (async () => {
      await this.save();
      await this.deps.store.move(call.callSid, ['streaming', 'ending'], 'ended');
      try {
        await this.deps.twilio.endCall(call.callSid);
      } catch (error) {
        this.deps.logger.warn(`Call ${call.callSid} could not be hung up: ${(error as Error).message}`);
        this.socket.close(1000, 'Call ended');
      }
    })();
  }

  // Ends.

  /** The model's session closed under us mid-call: the call goes on turn by turn from here. */
  private modelGone() {
    if (this.done || this.socket.closed || !this.call) return;
    this.done = true;
    this.deps.fellBack(this.call, 'model_closed', 'the realtime session closed mid-call');
    void (async () => {
      await this.save();
      await this.deps.store.move(this.call!.callSid, ['streaming'], 'fallback');
      this.socket.close(1000, 'The call goes on turn by turn');
    })();
  }

  private async closed(end: AudioStreamEnd) {
    this.done = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.stopSpeaking();
    this.link?.close();
    if (!this.call || !this.link) return;
    await this.save();
    // The caller hung up, or Twilio closed the stream after our hang-up; a lost gateway leaves it to the webhooks.
    if (!end.lost) await this.deps.store.move(this.call.callSid, ['streaming', 'ending'], 'ended');
  }

  private transcript(): string {
    return this.call!.lines.filter((l) => l.text.trim()).map((l) => `${l.who === 'caller' ? 'Caller' : 'Jarvis'}: ${l.text.trim()}`).join('\n');
  }

  private async save() {
    if (!this.call) return;
    try {
      await this.deps.store.save(this.call);
    } catch (error) {
      this.deps.logger.warn(`The state of call ${this.call.callSid} was not saved: ${(error as Error).message}`);
    }
  }

  private later(ms: number, run: () => void): NodeJS.Timeout {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      run();
    }, ms);
    this.timers.add(timer);
    return timer;
  }
}
