/**
 * A loopback fake of OpenAI's Realtime API over WebSocket (`GET /v1/realtime?model=...`, the GA events), for the
 * official SDK's `OpenAIRealtimeWS` pointed at it through OPENAI_BASE_URL. It takes `session.update`, listens to the
 * appended audio (μ-law, `audio/pcmu`, unless the session's input format is 24 kHz PCM16, `audio/pcm`) with a voice
 * activity detector of its own (a burst of sound, then `silenceMs` of quiet, is one utterance), and for each utterance
 * says `input_audio_buffer.speech_started` / `speech_stopped`, the input transcription, then answers (at once, or when
 * the client sends `response.create` if turn detection has `create_response: false`): `response.created`,
 * `response.output_audio.delta`... (real audio in the output format, as long as the reply),
 * `response.output_audio_transcript.done`, a function call when the turn asks for one, `response.done`. Speech over an
 * answer interrupts it (`response.done` cancelled), as `interrupt_response` does. What each session said and asked is
 * recorded for the tests.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { WebSocket, WebSocketServer } from 'ws';
import { MULAW_BYTES_PER_MS, mulawLevel, mulawTone } from './mulaw';
import { PCM16_BYTES_PER_MS, pcm16Level, pcm16Tone } from './pcm16';

/** How the fake hears and speaks a session's audio format: `audio/pcmu` (the default) or 24 kHz `audio/pcm`. */
const AUDIO_FORMATS = {
  'audio/pcmu': { bytesPerMs: MULAW_BYTES_PER_MS, level: mulawLevel, tone: (ms: number) => mulawTone(ms) },
  'audio/pcm': { bytesPerMs: PCM16_BYTES_PER_MS, level: pcm16Level, tone: (ms: number) => pcm16Tone(ms) },
} as const;
const audioFormat = (format: { type?: string } | undefined) => AUDIO_FORMATS[format?.type === 'audio/pcm' ? 'audio/pcm' : 'audio/pcmu'];

/** One thing the caller says and what the model makes of it. */
export interface RealtimeTurn {
  /** The caller's words, as the input transcription gives them. */
  transcript: string;
  /** What the model says back (spoken as audio, or written in a text-only session); none: only the function call. */
  reply?: string;
  /** A function the model calls in the same response, after its reply. */
  call?: { name: string; arguments: Record<string, unknown> };
}

/** A response the fake produced, as the client saw it. */
export interface RealtimeResponseRecord {
  id: string;
  itemId: string | null;
  text: string;
  status: 'in_progress' | 'completed' | 'cancelled';
  /** Audio deltas sent before it ended. */
  deltas: number;
  /** performance.now() when it started and when its first delta left. */
  createdAt: number;
  firstDeltaAt?: number;
  /** performance.now() of the speech_stopped that led to it (none for a response the client asked for). */
  speechStoppedAt?: number;
  /** The stamp of its first delta (`stamp: true`). */
  firstStamp?: number;
}

export interface RealtimeSessionRecord {
  model: string;
  authorization: string | undefined;
  /** The session as the last `session.update` left it. */
  session: Record<string, any>;
  /** Every client event but the audio appends, in order. */
  events: any[];
  /** Bytes of caller audio appended. */
  appendedBytes: number;
  utterances: { itemId: string; transcript: string; startMs: number; endMs: number }[];
  responses: RealtimeResponseRecord[];
  truncations: { item_id: string; content_index: number; audio_end_ms: number }[];
  functionOutputs: { call_id: string; output: string }[];
  closed: boolean;
}

export interface RealtimeFakeOptions {
  /** The key the client must send as `Authorization: Bearer` (any when unset). */
  apiKey?: string;
  /** The model's own time from the end of speech (or a `response.create`) to its first delta, ms. */
  thinkMs?: number;
  /** Quiet after speech that ends an utterance, ms. */
  silenceMs?: number;
  /** Audio in each delta, ms, and the time between deltas (faster than real time, as the API sends). */
  deltaMs?: number;
  paceMs?: number;
  /** Audio length of a reply: this many ms a character (at least 200 ms). */
  msPerCharacter?: number;
  /**
   * Stamps each audio delta's first 6 bytes with 0xA5 0x5A and a sequence number (big-endian) and records when it
   * left (`stamps`), so a bench can time each frame to the phone and find any lost or out of order.
   */
  stamp?: boolean;
  /**
   * An HTTP server to answer WebSocket upgrades on instead of one of its own: the same OPENAI_BASE_URL then serves the
   * server's own routes (the bench's chat model) and the Realtime API.
   */
  server?: Server;
}

export interface RealtimeFake {
  /** The server's base; OPENAI_BASE_URL is `${url}/v1`. */
  url: string;
  baseURL: string;
  sessions: RealtimeSessionRecord[];
  /** What callers say next, in order, across sessions; when empty, `defaultTurn` answers. */
  turns: RealtimeTurn[];
  defaultTurn: (session: RealtimeSessionRecord) => RealtimeTurn;
  /** What the model says after a function's output, or to a `response.create` whose instructions quote nothing. */
  followUp: string;
  /** Holds every WebSocket upgrade unanswered (a model that cannot be reached in time). */
  stall: boolean;
  /** Sequence number → performance.now() when the stamped delta left. */
  stamps: Map<number, number>;
  /** The fake's pace, changeable between calls (`thinkMs`, `silenceMs`, `deltaMs`, `paceMs`, `msPerCharacter`). */
  timing: Required<Omit<RealtimeFakeOptions, 'apiKey' | 'stamp' | 'server'>>;
  close(): Promise<void>;
}

const STAMP = [0xa5, 0x5a];

export async function startRealtimeFake(options: RealtimeFakeOptions = {}): Promise<RealtimeFake> {
  const timing = {
    thinkMs: options.thinkMs ?? 100,
    silenceMs: options.silenceMs ?? 300,
    deltaMs: options.deltaMs ?? 20,
    paceMs: options.paceMs ?? 5,
    msPerCharacter: options.msPerCharacter ?? 40,
  };
  let ids = 0;
  let stampSeq = 0;
  const id = (prefix: string) => `${prefix}_${(++ids).toString(36).padStart(8, '0')}`;
  const held = new Set<Socket>();
  const wss = new WebSocketServer({ noServer: true });
  const server: Server =
    options.server ??
    createServer((_req, res) => {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'Use a WebSocket' } }));
    });
  const fake: RealtimeFake = {
    url: '',
    baseURL: '',
    sessions: [],
    turns: [],
    defaultTurn: () => ({ transcript: 'Hello?', reply: 'Hello, how can I help you?' }),
    followUp: "Thank you, I'll pass that on.",
    stall: false,
    stamps: new Map(),
    timing,
    close: async () => {
      server.off('upgrade', upgrade);
      for (const socket of held) socket.destroy();
      for (const client of wss.clients) client.terminate();
      if (!options.server) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  function upgrade(req: IncomingMessage, socket: Socket, head: Buffer) {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (fake.stall) {
      held.add(socket);
      socket.on('close', () => held.delete(socket));
      return;
    }
    const authorization = req.headers.authorization;
    if (url.pathname !== '/v1/realtime' || !url.searchParams.get('model') || (options.apiKey && authorization !== `Bearer ${options.apiKey}`)) {
      socket.end('HTTP/1.1 401 Unauthorized\r\nContent-Type: application/json\r\n\r\n{"error":{"message":"Incorrect API key"}}');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => serve(ws, url.searchParams.get('model')!, authorization));
  }
  server.on('upgrade', upgrade);

  function serve(ws: WebSocket, model: string, authorization: string | undefined) {
    const record: RealtimeSessionRecord = {
      model, authorization, session: { type: 'realtime', output_modalities: ['audio'] }, events: [], appendedBytes: 0,
      utterances: [], responses: [], truncations: [], functionOutputs: [], closed: false,
    };
    fake.sessions.push(record);
    const send = (event: Record<string, unknown>) => {
      if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ event_id: id('event'), ...event }));
    };
    // The detector's state: where the caller's audio is, and the utterance it is in.
    let positionMs = 0;
    let utterance: { itemId: string; startMs: number; quietMs: number } | null = null;
    let current: { record: RealtimeResponseRecord; cancelled: boolean } | null = null;
    /** An utterance whose answer waits for a `response.create` (turn detection with `create_response: false`). */
    let waiting: { turn: RealtimeTurn; stoppedAt: number } | null = null;

    send({ type: 'session.created', session: record.session });

    const vad = () => record.session.audio?.input?.turn_detection;

    function hear(audio: Buffer) {
      record.appendedBytes += audio.length;
      const format = audioFormat(record.session.audio?.input?.format);
      for (let offset = 0; offset < audio.length; offset += 20 * format.bytesPerMs) {
        const chunk = audio.subarray(offset, offset + 20 * format.bytesPerMs);
        const chunkMs = chunk.length / format.bytesPerMs;
        positionMs += chunkMs;
        if (!vad()) continue;
        const voiced = format.level(chunk) > 0.05;
        if (voiced && !utterance) {
          utterance = { itemId: id('item'), startMs: positionMs - chunkMs, quietMs: 0 };
          send({ type: 'input_audio_buffer.speech_started', audio_start_ms: utterance.startMs, item_id: utterance.itemId });
          if (current && vad()?.interrupt_response !== false) cancel();
        } else if (utterance) {
          utterance.quietMs = voiced ? 0 : utterance.quietMs + chunkMs;
          if (utterance.quietMs >= timing.silenceMs) endUtterance();
        }
      }
    }

    function endUtterance() {
      const { itemId, startMs } = utterance!;
      utterance = null;
      const stoppedAt = performance.now();
      send({ type: 'input_audio_buffer.speech_stopped', audio_end_ms: positionMs, item_id: itemId });
      send({ type: 'input_audio_buffer.committed', item_id: itemId, previous_item_id: null });
      send({
        type: 'conversation.item.added', previous_item_id: null,
        item: { id: itemId, object: 'realtime.item', type: 'message', role: 'user', status: 'completed', content: [{ type: 'input_audio', transcript: null }] },
      });
      const turn = fake.turns.shift() ?? fake.defaultTurn(record);
      record.utterances.push({ itemId, transcript: turn.transcript, startMs, endMs: positionMs });
      setTimeout(() => {
        if (record.session.audio?.input?.transcription) {
          send({ type: 'conversation.item.input_audio_transcription.completed', item_id: itemId, content_index: 0, transcript: turn.transcript });
        }
      }, Math.min(30, timing.thinkMs));
      if (vad()?.create_response !== false) setTimeout(() => void respond(turn.reply ?? '', turn.call, stoppedAt), timing.thinkMs);
      // Without create_response the client asks for the answer itself (`response.create`), as it wishes.
      else waiting = { turn, stoppedAt };
    }

    function cancel() {
      if (!current) return;
      current.cancelled = true;
    }

    async function respond(text: string, call?: RealtimeTurn['call'], speechStoppedAt?: number) {
      if (ws.readyState !== WebSocket.OPEN) return;
      if (current) {
        send({ type: 'error', error: { type: 'invalid_request_error', code: 'conversation_already_has_active_response', message: 'Conversation already has an active response' } });
        return;
      }
      const textOnly = (record.session.output_modalities ?? ['audio'])[0] === 'text';
      const response: RealtimeResponseRecord = {
        id: id('resp'), itemId: null, text, status: 'in_progress', deltas: 0, createdAt: performance.now(), speechStoppedAt,
      };
      const state = { record: response, cancelled: false };
      current = state;
      record.responses.push(response);
      const output: Record<string, unknown>[] = [];
      send({ type: 'response.created', response: { object: 'realtime.response', id: response.id, status: 'in_progress', output: [] } });
      const pause = () => new Promise((r) => setTimeout(r, timing.paceMs));
      if (text) {
        const itemId = id('item');
        response.itemId = itemId;
        const base = { response_id: response.id, item_id: itemId, output_index: 0, content_index: 0 };
        const item = { id: itemId, object: 'realtime.item', type: 'message', role: 'assistant', status: 'in_progress', content: [] as unknown[] };
        send({ type: 'response.output_item.added', response_id: response.id, output_index: 0, item });
        send({ type: 'response.content_part.added', ...base, part: { type: textOnly ? 'text' : 'audio' } });
        if (textOnly) {
          const words = text.split(/(?<= )/);
          for (const word of words) {
            if (state.cancelled) break;
            send({ type: 'response.output_text.delta', ...base, delta: word });
            await pause();
          }
          if (!state.cancelled) send({ type: 'response.output_text.done', ...base, text });
        } else {
          const format = audioFormat(record.session.audio?.output?.format);
          const audio = format.tone(Math.max(200, text.length * timing.msPerCharacter));
          const step = timing.deltaMs * format.bytesPerMs;
          let spoken = 0;
          for (let offset = 0; offset < audio.length; offset += step) {
            if (state.cancelled || ws.readyState !== WebSocket.OPEN) break;
            const delta = Buffer.from(audio.subarray(offset, offset + step));
            if (options.stamp && delta.length >= 6) {
              const seq = ++stampSeq;
              delta.set(STAMP, 0);
              delta.writeUInt32BE(seq, 2);
              fake.stamps.set(seq, performance.now());
              response.firstStamp ??= seq;
            }
            if (offset === 0) response.firstDeltaAt = performance.now();
            // The words go with the audio that says them (as the API sends them, just ahead of it), so an answer cut
            // short has said only its first words.
            let words = '';
            while (spoken < text.length && spoken / text.length < (offset + delta.length) / audio.length) {
              const next = text.indexOf(' ', spoken);
              const end = next === -1 ? text.length : next + 1;
              words += text.slice(spoken, end);
              spoken = end;
            }
            if (words) send({ type: 'response.output_audio_transcript.delta', ...base, delta: words });
            send({ type: 'response.output_audio.delta', ...base, delta: delta.toString('base64') });
            response.deltas++;
            await pause();
          }
          if (!state.cancelled) {
            send({ type: 'response.output_audio.done', ...base });
            send({ type: 'response.output_audio_transcript.done', ...base, transcript: text });
          }
        }
        if (!state.cancelled) {
          send({ type: 'response.content_part.done', ...base, part: { type: textOnly ? 'text' : 'audio' } });
          const done = { ...item, status: 'completed', content: [{ type: textOnly ? 'output_text' : 'output_audio', transcript: text }] };
          send({ type: 'response.output_item.done', response_id: response.id, output_index: 0, item: done });
          output.push(done);
        }
      }
      if (call && !state.cancelled) {
        const itemId = id('item');
        const callId = id('call');
        const args = JSON.stringify(call.arguments);
        const item = { id: itemId, object: 'realtime.item', type: 'function_call', status: 'in_progress', call_id: callId, name: call.name, arguments: '' };
        const index = output.length;
        send({ type: 'response.output_item.added', response_id: response.id, output_index: index, item });
        send({ type: 'response.function_call_arguments.delta', response_id: response.id, item_id: itemId, output_index: index, call_id: callId, delta: args });
        send({ type: 'response.function_call_arguments.done', response_id: response.id, item_id: itemId, output_index: index, call_id: callId, name: call.name, arguments: args });
        const done = { ...item, status: 'completed', arguments: args };
        send({ type: 'response.output_item.done', response_id: response.id, output_index: index, item: done });
        output.push(done);
      }
      response.status = state.cancelled ? 'cancelled' : 'completed';
      current = null;
      send({ type: 'response.done', response: { object: 'realtime.response', id: response.id, status: response.status, output } });
    }

    ws.on('message', (data) => {
      let event: any;
      try {
        event = JSON.parse(data.toString());
      } catch {
        return send({ type: 'error', error: { type: 'invalid_request_error', message: 'Not JSON' } });
      }
      if (event.type === 'input_audio_buffer.append') return hear(Buffer.from(String(event.audio ?? ''), 'base64'));
      record.events.push(event);
      switch (event.type) {
        case 'session.update':
          record.session = mergeSession(record.session, event.session ?? {});
          return send({ type: 'session.updated', session: record.session });
        case 'conversation.item.create':
          if (event.item?.type === 'function_call_output') record.functionOutputs.push({ call_id: event.item.call_id, output: event.item.output });
          return send({ type: 'conversation.item.added', previous_item_id: null, item: { id: event.item?.id ?? id('item'), ...event.item } });
        case 'conversation.item.truncate':
          record.truncations.push({ item_id: event.item_id, content_index: event.content_index, audio_end_ms: event.audio_end_ms });
          return send({ type: 'conversation.item.truncated', item_id: event.item_id, content_index: event.content_index, audio_end_ms: event.audio_end_ms });
        case 'response.create': {
          const instructions = String(event.response?.instructions ?? '');
          const quoted = [...instructions.matchAll(/"([^"]+)"/g)].map((m) => m[1]).at(-1);
          // The answer to the last utterance, when the session waits for the client to ask for it.
          const answer = quoted === undefined ? waiting : null;
          waiting = null;
          if (answer) setTimeout(() => void respond(answer.turn.reply ?? '', answer.turn.call, answer.stoppedAt), timing.thinkMs);
          else setTimeout(() => void respond(quoted ?? fake.followUp), timing.thinkMs);
          return;
        }
        case 'response.cancel':
          return cancel();
        default:
          return send({ type: 'error', error: { type: 'invalid_request_error', message: `The fake does not know ${event.type}` } });
      }
    });
    ws.on('close', () => {
      record.closed = true;
      cancel();
    });
  }

  if (!options.server) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  fake.url = `http://127.0.0.1:${port}`;
  fake.baseURL = `${fake.url}/v1`;
  return fake;
}

/** A `session.update` merges into the session: its audio input and output settings one level down. */
function mergeSession(session: Record<string, any>, update: Record<string, any>): Record<string, any> {
  const audio = { ...(session.audio ?? {}) };
  for (const side of ['input', 'output'] as const) {
    if (update.audio?.[side]) audio[side] = { ...(audio[side] ?? {}), ...update.audio[side] };
  }
  return { ...session, ...update, audio };
}

/** The stamp the fake put in a delta (`stamp: true`), read back from the audio that reached the phone. */
export function readStamp(audio: Buffer): number | null {
  return audio.length >= 6 && audio[0] === STAMP[0] && audio[1] === STAMP[1] ? audio.readUInt32BE(2) : null;
}
