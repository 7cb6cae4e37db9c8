import { randomUUID } from 'node:crypto';
import type { AudioStreamDeclaration, AudioStreamOpenRequest, RequestContext } from '@jarvis/contracts';
import type { NatsConnection } from 'nats';
import type { RpcClient } from '../nats/rpc-client';
import { AudioPipe, type AudioPipeTimings, audioStreamSubjects } from './audio-pipe';

/** The owning service refused the stream (a bad signature): the gateway answers `status` before any upgrade. */
export class AudioStreamRefusedError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'AudioStreamRefusedError';
  }
}

/**
 * The opener's side of a relayed audio stream (the gateway's, or a test's playing the gateway): listens for the
 * replica's frames, asks the service's queue group to take the stream (one replica answers), and answers the pipe once
 * one took it. A refusal throws AudioStreamRefusedError; no replica, or none in time, throws the RPC client's
 * SERVICE_UNAVAILABLE or DEADLINE_EXCEEDED DomainError. Nothing is left listening when it throws.
 */
export async function openAudioStream(
  connection: { nc: NatsConnection; rpc: RpcClient; prefix: string },
  declaration: AudioStreamDeclaration,
  request: Omit<AudioStreamOpenRequest, 'streamId'>,
  ctx: RequestContext,
  timings?: AudioPipeTimings,
): Promise<AudioPipe> {
  const streamId = randomUUID();
  const subjects = audioStreamSubjects(connection.prefix, streamId);
  const pipe = new AudioPipe(connection.nc, subjects.in, subjects.out, streamId, timings).listen();
  try {
    const answer = await connection.rpc.call(declaration.open, { ...request, streamId }, ctx);
    if (!answer.accepted) throw new AudioStreamRefusedError(answer.status, answer.code, answer.error);
  } catch (error) {
    pipe.dispose();
    throw error;
  }
  return pipe.startHeartbeats();
}
