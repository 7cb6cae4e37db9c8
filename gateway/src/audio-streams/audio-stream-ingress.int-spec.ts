import { Injectable, type INestApplicationContext, Module } from '@nestjs/common';
import { DiscoveryModule, NestFactory } from '@nestjs/core';
import { audioStreams } from '@jarvis/contracts';
import {
  acceptStream,
  AUDIO_STREAM_HOST_OPTIONS,
  type AudioSocket,
  type AudioStreamEnd,
  AudioStreamHost,
  type AudioStreamOpening,
  connectNats,
  HandlesAudioStream,
  NATS_CONNECTION,
  refuseStream,
} from '@jarvis/platform';
import { openWebSocket, WebSocketRefusedError } from '@jarvis/testing/fakes';
import type { NatsConnection } from 'nats';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type GatewayHarness, startGateway } from '../testing/harness';

const PUBLIC_URL = 'https://jarvis.test';
const MEDIA = audioStreams.twilioMedia.path;

/**
 * A stand-in for the owning service (telephony's queue group), on the platform's real AudioStreamHost: it takes a
 * stream only with the signature 'good', echoes every frame back with a prefix, and keeps what it was told.
 */
@Injectable()
class StandInStreams {
  readonly openings: AudioStreamOpening[] = [];
  readonly sockets: AudioSocket[] = [];
  readonly received: (string | Buffer)[] = [];
  readonly ends: AudioStreamEnd[] = [];

  @HandlesAudioStream(audioStreams.twilioMedia)
  open(opening: AudioStreamOpening) {
    this.openings.push(opening);
    if (opening.data.headers['x-twilio-signature'] !== 'good') return refuseStream(403, 'Invalid Twilio signature');
    return acceptStream((socket) => {
      this.sockets.push(socket);
      socket.onMessage((frame) => {
        this.received.push(frame);
        if (frame === 'close please') socket.close(4000, 'asked to');
        else socket.send(typeof frame === 'string' ? `echo:${frame}` : Buffer.concat([Buffer.from('echo:'), frame]));
      });
      socket.onClose((end) => this.ends.push(end));
    });
  }
}

async function startStandIn(natsUrl: string, prefix: string) {
  let nc: NatsConnection | undefined;
  @Module({
    imports: [DiscoveryModule],
    providers: [
      { provide: NATS_CONNECTION, useFactory: async () => (nc = await connectNats(natsUrl, 'stand-in-telephony')) },
      { provide: AUDIO_STREAM_HOST_OPTIONS, useValue: { service: 'telephony', prefix } },
      AudioStreamHost,
      StandInStreams,
    ],
  })
  class StandInModule {}
  const app: INestApplicationContext = await NestFactory.createApplicationContext(StandInModule, { logger: false });
  await app.init();
  return { app, streams: app.get(StandInStreams), nc: () => nc! };
}

let gateway: GatewayHarness;
let standIn: Awaited<ReturnType<typeof startStandIn>>;
let wsUrl: string;

beforeAll(async () => {
  gateway = await startGateway('audio-streams', { PUBLIC_URL });
  standIn = await startStandIn(gateway.env.env.NATS_URL, gateway.env.natsPrefix);
  wsUrl = gateway.baseUrl.replace(/^http/, 'ws') + MEDIA;
}, 60_000);
afterAll(async () => {
  await standIn?.app.close();
  await gateway?.close();
});

describe('an audio stream through the gateway', () => {
  it('is refused with the service\'s 403 before any upgrade when the service refuses it (a bad signature)', async () => {
    const refused = await openWebSocket(`${wsUrl}?call=1`, { 'x-twilio-signature': 'forged' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(WebSocketRefusedError);
    expect((refused as WebSocketRefusedError).status).toBe(403);
    expect(JSON.parse((refused as WebSocketRefusedError).body)).toEqual({ error: 'Invalid Twilio signature', code: 'FORBIDDEN' });
    const opening = standIn.streams.openings.at(-1)!;
    // The service judged the URL the provider signed: wss:// on PUBLIC_URL's host, with the query.
    expect(opening.data).toMatchObject({ path: MEDIA, query: 'call=1', url: `wss://jarvis.test${MEDIA}?call=1`, headers: { 'x-twilio-signature': 'forged' } });
    expect(opening.ctx.userId).toBeNull();
    expect(standIn.streams.sockets).toHaveLength(0);
  });

  it('answers a plain GET of the stream\'s path with 426', async () => {
    const res = await fetch(gateway.baseUrl + MEDIA);
    expect(res.status).toBe(426);
    expect(await res.json()).toEqual({ error: 'Connect with a WebSocket', code: 'UPGRADE_REQUIRED' });
  });

  it('relays text and binary frames both ways, in order, and the client\'s close to the replica', async () => {
    const client = await openWebSocket(wsUrl, { 'x-twilio-signature': 'good' });
    const sent = Array.from({ length: 200 }, (_, i) => JSON.stringify({ event: 'media', sequenceNumber: String(i) }));
    for (const frame of sent) client.send(frame);
    client.send(Buffer.from([1, 2, 3]));
    await vi.waitFor(() => expect(client.texts.length + client.binaries.length).toBe(201), { timeout: 5_000 });
    expect(client.texts).toEqual(sent.map((f) => `echo:${f}`));
    expect(client.binaries).toEqual([Buffer.concat([Buffer.from('echo:'), Buffer.from([1, 2, 3])])]);
    const socket = standIn.streams.sockets.at(-1)!;
    client.close(1000, 'hung up');
    await vi.waitFor(() => expect(socket.closed).toBe(true));
    expect(socket.end).toMatchObject({ code: 1000, reason: 'hung up', lost: false, local: false });
  });

  it('closes the client\'s socket with the code the replica closes the stream with', async () => {
    const client = await openWebSocket(wsUrl, { 'x-twilio-signature': 'good' });
    client.send('close please');
    expect(await client.closed).toEqual({ code: 4000, reason: 'asked to' });
  });

  it('ends the socket with 1011 within a few seconds when the replica holding it dies', async () => {
    const client = await openWebSocket(wsUrl, { 'x-twilio-signature': 'good' });
    client.send('hello');
    await vi.waitFor(() => expect(client.texts).toEqual(['echo:hello']));
    const died = Date.now();
    // The replica's connection goes (a killed process): no close frame, no heartbeat.
    await standIn.nc().close();
    const closed = await client.closed;
    expect(closed.code).toBe(1011);
    expect(Date.now() - died).toBeLessThan(5_000);
  });

  it('refuses the upgrade with 503 when no replica of the service is there to take it', async () => {
    await standIn.app.close();
    const refused = await openWebSocket(wsUrl, { 'x-twilio-signature': 'good' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(WebSocketRefusedError);
    expect((refused as WebSocketRefusedError).status).toBe(503);
  });
});
