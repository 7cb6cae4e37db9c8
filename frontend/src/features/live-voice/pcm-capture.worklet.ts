/**
 * The live voice's microphone, in the audio thread (an AudioWorklet, loaded from our own origin: the CSP allows
 * scripts from 'self' only, so never from a blob). Each 128-sample block the microphone gives is turned into 24 kHz
 * PCM16 and posted to the page every 40 ms as it is captured (the ArrayBuffer is transferred, not copied).
 */
import { CAPTURE_PROCESSOR_NAME, Pcm16Encoder } from './pcm';

/** What the audio thread's global scope offers (TypeScript's DOM library does not describe it). */
declare const sampleRate: number;
declare function registerProcessor(
  name: string,
  processor: new () => { process(inputs: Float32Array[][]): boolean },
): void;
declare class AudioWorkletProcessor {
  readonly port: MessagePort;
}

class Pcm16Capture extends AudioWorkletProcessor {
  private readonly encoder = new Pcm16Encoder(sampleRate);

  process(inputs: Float32Array[][]): boolean {
    const channel = inputs[0]?.[0];
    if (channel) for (const frame of this.encoder.push(channel)) this.port.postMessage(frame, [frame]);
    return true;
  }
}

registerProcessor(CAPTURE_PROCESSOR_NAME, Pcm16Capture);
