import { Inject, Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import {
  type AudioStreamAnswer,
  type AudioStreamDeclaration,
  type AudioStreamOpenRequest,
  parseInput,
  type RequestContext,
  type RpcReply,
  type RpcRequest,
} from '@jarvis/contracts';
import { JSONCodec, type Msg, type NatsConnection, type Subscription } from 'nats';
import { toErrorEnvelope } from '../errors';
import { handledSubjects } from '../handler';
import { createLogger, withLogContext } from '../logger';
import { NATS_CONNECTION } from '../nats/connection';
import { AudioPipe, type AudioPipeTimings, audioStreamSubjects } from './audio-pipe';

const codec = JSONCodec();
const log = createLogger('audio-streams');
const HANDLERS = Symbol('jarvis:audio-stream-handlers');
/** The close code a replica that shuts down gives its open streams (WebSocket's 'service restart'). */
export const STREAM_RESTART_CODE = 1012;

/** A stream a replica holds: the relayed WebSocket, with what the gateway said about it when it was opened. */
export class AudioSocket extends AudioPipe {
  constructor(
    nc: NatsConnection,
    prefix: string,
    readonly request: AudioStreamOpenRequest,
    readonly ctx: RequestContext,
    timings?: AudioPipeTimings,
  ) {
    const subjects = audioStreamSubjects(prefix, request.streamId);
    super(nc, subjects.out, subjects.in, request.streamId, timings);
  }
}

/** What a stream handler is given: the gateway's request (validated) and the caller's context. */
export interface AudioStreamOpening {
  data: AudioStreamOpenRequest;
  ctx: RequestContext;
}

/** A handler's answer: take the stream (`connected` gets the socket once it is this replica's), or refuse the upgrade. */
export type AudioStreamDecision =
  | { accept: (socket: AudioSocket) => void }
  | { refuse: { status: number; code: string; error: string } };

/** Takes the stream: `connected` runs once the gateway was told, and should set the socket's listeners at once. */
export const acceptStream = (connected: (socket: AudioSocket) => void): AudioStreamDecision => ({ accept: connected });
/** Refuses the upgrade: the gateway answers `status` with `{ error, code }` and no WebSocket is opened. */
export const refuseStream = (status: number, error: string, code = status === 403 ? 'FORBIDDEN' : 'STREAM_REFUSED'): AudioStreamDecision => ({
  refuse: { status, code, error },
});

type StreamHandlerFn = (opening: AudioStreamOpening) => AudioStreamDecision | Promise<AudioStreamDecision>;
interface DeclaredHandler {
  declaration: AudioStreamDeclaration;
  method: string | symbol;
}

/**
 * Marks the method of a provider that takes a declared audio stream (`audioStreams.twilioMedia`), as `@Handles`
 * marks an RPC handler. The method admits or refuses the upgrade (a provider's signature over `data.url`, from
 * `data.headers`) and, when it accepts, gets the socket: `return acceptStream((socket) => this.calls.bridge(socket))`.
 * The platform's AudioStreamHost finds it at start-up and answers the declaration's `open` subject in the service's
 * queue group, so one replica takes each stream.
 */
export function HandlesAudioStream(declaration: AudioStreamDeclaration) {
  (handledSubjects() as Set<string>).add(declaration.open.subject);
  return <T extends StreamHandlerFn>(target: object, method: string | symbol, _descriptor: TypedPropertyDescriptor<T>) => {
    const declared = (Reflect.getMetadata(HANDLERS, target.constructor) as DeclaredHandler[] | undefined) ?? [];
    Reflect.defineMetadata(HANDLERS, [...declared, { declaration, method }], target.constructor);
  };
}

/** The host's settings, provided by the service platform (the timings only in tests). */
export interface AudioStreamHostOptions {
  service: string;
  prefix: string;
  timings?: AudioPipeTimings;
}
export const AUDIO_STREAM_HOST_OPTIONS = Symbol('AUDIO_STREAM_HOST_OPTIONS');

/**
 * A service's side of the audio streams: answers each declared stream's `open` subject (in the queue group of the
 * service, so one replica takes a stream), and holds the streams this replica took. At shutdown it stops taking new
 * ones and closes its own with 1012, so the gateway ends them at once instead of waiting for the heartbeat.
 */
@Injectable()
export class AudioStreamHost implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly subscriptions: Subscription[] = [];
  private readonly open = new Set<AudioSocket>();

  constructor(
    private readonly discovery: DiscoveryService,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(AUDIO_STREAM_HOST_OPTIONS) private readonly options: AudioStreamHostOptions,
  ) {}

  /** The streams this replica holds now. */
  get streams(): ReadonlySet<AudioSocket> {
    return this.open;
  }

  async onApplicationBootstrap() {
    for (const wrapper of [...this.discovery.getProviders(), ...this.discovery.getControllers()]) {
      const instance = wrapper.instance as Record<string | symbol, unknown> | undefined;
      if (!instance || !wrapper.metatype) continue;
      const declared = (Reflect.getMetadata(HANDLERS, wrapper.metatype) as DeclaredHandler[] | undefined) ?? [];
      for (const { declaration, method } of declared) {
        const handler = (instance[method] as StreamHandlerFn).bind(instance);
        this.subscriptions.push(
          this.nc.subscribe(this.options.prefix + declaration.open.subject, {
            queue: `jarvis-${this.options.service}`,
            callback: (err, msg) => {
              if (!err) void this.take(declaration, handler, msg);
            },
          }),
        );
      }
    }
    if (this.subscriptions.length > 0) await this.nc.flush();
  }

  beforeApplicationShutdown() {
    for (const sub of this.subscriptions) sub.unsubscribe();
    this.subscriptions.length = 0;
    for (const socket of [...this.open]) socket.close(STREAM_RESTART_CODE, 'The service is restarting');
  }

  private async take(declaration: AudioStreamDeclaration, handler: StreamHandlerFn, msg: Msg) {
    let request: RpcRequest;
    try {
      request = codec.decode(msg.data) as RpcRequest;
    } catch {
      return this.reply(msg, { ok: false, error: { kind: 'VALIDATION', code: 'VALIDATION', message: 'Malformed request' } });
    }
    const ctx: RequestContext = request.ctx ?? { userId: null, tier: 'free', requestId: 'unknown' };
    await withLogContext({ requestId: ctx.requestId, userId: ctx.userId, subject: declaration.open.subject }, async () => {
      let decision: AudioStreamDecision;
      let data: AudioStreamOpenRequest;
      try {
        data = parseInput(declaration.open, request.data ?? {});
        decision = await handler({ data, ctx });
      } catch (error) {
        return this.reply(msg, { ok: false, error: toErrorEnvelope(error) });
      }
      if ('refuse' in decision) return this.reply(msg, { ok: true, data: { accepted: false, ...decision.refuse } satisfies AudioStreamAnswer });
      const socket = new AudioSocket(this.nc, this.options.prefix, data, ctx, this.options.timings);
      // Listening before the answer leaves: the gateway sends the client's first frames as soon as it hears it.
      socket.listen();
      this.open.add(socket);
      socket.onClose(() => this.open.delete(socket));
      this.reply(msg, { ok: true, data: { accepted: true } satisfies AudioStreamAnswer });
      socket.startHeartbeats();
      try {
        decision.accept(socket);
      } catch (error) {
        log.error({ err: error, streamId: data.streamId }, 'the stream handler failed to take the stream');
        socket.close(1011, 'The service could not take the stream');
      }
    });
  }

  private reply(msg: Msg, body: RpcReply) {
    try {
      msg.respond(codec.encode(body));
    } catch (error) {
      log.error({ err: error }, 'audio stream answer could not be sent');
    }
  }
}
