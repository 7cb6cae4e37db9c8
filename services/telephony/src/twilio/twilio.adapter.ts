import { Inject, Injectable } from '@nestjs/common';
import { NotFoundError, ProviderUnavailableError } from '@jarvis/contracts';
import { providerCall, statusOutcome } from '@jarvis/platform';
import twilio from 'twilio';
import type RequestClientType from 'twilio/lib/base/RequestClient';
import { TELEPHONY_CONFIG, type TelephonyConfig } from '../config/telephony.config';
import type { IncomingNumber, NumberWebhooks, OutgoingCall, PlacedCall } from './telephony.provider';
import { CallRejectedError, TelephonyProvider } from './telephony.provider';

const CREDENTIALS = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN'];
type TwilioClient = ReturnType<typeof twilio>;
type RequestOptions<T> = RequestClientType.RequestOptions<T>;

/**
 * The SDK's own HTTP client, with every `https://*.twilio.com` URL it builds moved under TWILIO_BASE_URL, so a
 * compatible server (the tests' loopback fake) answers the real SDK's calls.
 */
class RebasedRequestClient extends twilio.RequestClient {
  constructor(private readonly baseUrl: string) {
    super({ timeout: 15_000 });
  }

  rebase(uri: string): string {
    return uri.replace(/^https:\/\/[a-z0-9.-]*twilio\.com/i, this.baseUrl.replace(/\/+$/, ''));
  }

  override request<T>(opts: RequestOptions<T>) {
    return super.request<T>({ ...opts, uri: this.rebase(opts.uri) });
  }
}

@Injectable()
export class TwilioAdapter extends TelephonyProvider {
  private client?: TwilioClient;
  private http?: RebasedRequestClient;

  constructor(@Inject(TELEPHONY_CONFIG) private readonly config: TelephonyConfig) {
    super();
  }

  get configured(): boolean {
    return Boolean(this.config.TWILIO_ACCOUNT_SID && this.config.TWILIO_AUTH_TOKEN);
  }

  private sdk(): TwilioClient {
    const { TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: token } = this.config;
    if (!sid || !token) throw new ProviderUnavailableError('Twilio', CREDENTIALS);
    if (!this.client) {
      this.http = new RebasedRequestClient(this.config.TWILIO_BASE_URL);
      this.client = twilio(sid, token, { httpClient: this.http });
    }
    return this.client;
  }

  /** One REST call, counted as `jarvis_provider_*{provider="twilio", operation}`. */
  private async twilioCall<T>(operation: string, run: (client: TwilioClient) => Promise<T>): Promise<T> {
    const client = this.sdk();
    try {
      return await providerCall('twilio', operation, () => run(client));
    } catch (error) {
      const status = (error as { status?: number }).status;
      if (status === 404) throw new NotFoundError('Phone number');
      throw new ProviderUnavailableError('Twilio', CREDENTIALS, (error as Error).message);
    }
  }

  validSignature(signature: string, url: string, params: Record<string, string>): boolean {
    const token = this.config.TWILIO_AUTH_TOKEN;
    if (!token) throw new ProviderUnavailableError('Twilio', CREDENTIALS);
    return !!signature && twilio.validateRequest(token, signature, url, params);
  }

  findIncomingNumber(phoneNumber: string): Promise<IncomingNumber | null> {
    return this.twilioCall('incomingPhoneNumbers.list', async (client) => {
      const [found] = await client.incomingPhoneNumbers.list({ phoneNumber, limit: 1 });
      return found ? { sid: found.sid, phoneNumber: found.phoneNumber } : null;
    });
  }

  configureNumber(sid: string, hooks: NumberWebhooks): Promise<void> {
    return this.twilioCall('incomingPhoneNumbers.update', async (client) => {
      await client.incomingPhoneNumbers(sid).update({ ...hooks, voiceMethod: 'POST', statusCallbackMethod: 'POST', smsMethod: 'POST' });
    });
  }

  buyNumber(hooks: NumberWebhooks): Promise<IncomingNumber> {
    return this.twilioCall('incomingPhoneNumbers.create', async (client) => {
      const [available] = await client.availablePhoneNumbers('US').local.list({ voiceEnabled: true, smsEnabled: true, limit: 1 });
      if (!available) throw new ProviderUnavailableError('Twilio', CREDENTIALS, 'No local US number is available');
      const bought = await client.incomingPhoneNumbers.create({
        phoneNumber: available.phoneNumber, ...hooks, voiceMethod: 'POST', statusCallbackMethod: 'POST', smsMethod: 'POST',
      });
      return { sid: bought.sid, phoneNumber: bought.phoneNumber };
    });
  }

  releaseNumber(sid: string): Promise<void> {
    return this.twilioCall('incomingPhoneNumbers.remove', async (client) => {
      await client.incomingPhoneNumbers(sid).remove();
    });
  }

  async deleteRecording(recordingSid: string): Promise<void> {
    const client = this.sdk();
    try {
      await client.recordings(recordingSid).remove();
    } catch (error) {
      // 404: deleted already (a retried erasure); nothing is left to delete.
      if ((error as { status?: number }).status === 404) return;
      throw new ProviderUnavailableError('Twilio', CREDENTIALS, (error as Error).message);
    }
  }

  sendSms(from: string, to: string, body: string): Promise<{ sid: string }> {
    return this.twilioCall('messages.create', async (client) => {
      const message = await client.messages.create({ from, to, body });
      return { sid: message.sid };
    });
  }

  prepare(): void {
    // The SDK requires its REST resources on first use, hundreds of modules: load the call resource now.
    if (this.configured) void this.sdk().calls;
  }

  async placeCall(call: OutgoingCall): Promise<{ sid: string }> {
    const client = this.sdk();
    try {
      const created = await providerCall('twilio', 'calls.create', () => client.calls.create({
        to: call.to,
        from: call.from,
        url: call.url,
        method: 'POST',
        statusCallback: call.statusCallback,
        statusCallbackMethod: 'POST',
        statusCallbackEvent: ['initiated', 'ringing', 'answered', 'completed'],
        record: true,
        recordingStatusCallback: call.recordingStatusCallback,
        recordingStatusCallbackMethod: 'POST',
      }));
      return { sid: created.sid };
    } catch (error) {
      const status = (error as { status?: number }).status;
      // 4xx: the request itself is wrong (a number Twilio will not call, an unverified caller id); 429 and 5xx pass.
      if (status && status >= 400 && status < 500 && status !== 429) {
        throw new CallRejectedError(`Twilio refused the call: ${(error as Error).message}`);
      }
      throw new ProviderUnavailableError('Twilio', CREDENTIALS, (error as Error).message);
    }
  }

  placedCalls({ to, from, since }: { to: string; from: string; since: Date }): Promise<PlacedCall[]> {
    return this.twilioCall('calls.list', async (client) => {
      // Filtered by number; a call still queued has no start time yet, so the time is its creation, compared here.
      const calls = await client.calls.list({ to, from, limit: 20 });
      return calls
        .filter((call) => call.dateCreated && call.dateCreated.getTime() >= since.getTime())
        .map((call) => ({ sid: call.sid, createdAt: call.dateCreated }));
    });
  }

  async endCall(callSid: string): Promise<void> {
    const client = this.sdk();
    try {
      await providerCall('twilio', 'calls.update', () => client.calls(callSid).update({ status: 'completed' }));
    } catch (error) {
      // 404: no such call any more; other refusals mean it is over already. Either way nothing is left to end.
      const status = (error as { status?: number }).status;
      if (status && status >= 400 && status < 500) return;
      throw new ProviderUnavailableError('Twilio', CREDENTIALS, (error as Error).message);
    }
  }

  async fetchRecording(recordingSid: string): Promise<{ contentType: string; data: Buffer }> {
    this.sdk();
    const { TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: token } = this.config;
    // The media is not a REST resource of the SDK; its HTTP client fetches it as bytes with the account's credentials.
    const url = this.http!.rebase(`https://api.twilio.com/2010-04-01/Accounts/${sid}/Recordings/${encodeURIComponent(recordingSid)}.mp3`);
    let response: { status: number; data: ArrayBuffer };
    try {
      response = await providerCall(
        'twilio',
        'recordings.fetch',
        () =>
          this.http!.axios.request<ArrayBuffer>({
            url, method: 'GET', responseType: 'arraybuffer', auth: { username: sid!, password: token! }, validateStatus: () => true, timeout: 25_000,
          }),
        (res) => statusOutcome(res.status) === 'error',
      );
    } catch (error) {
      // The HTTP client's error carries the request's options, the auth token among them: only its code goes on.
      const code = (error as { code?: string }).code ?? 'network error';
      throw new ProviderUnavailableError('Twilio', CREDENTIALS, `the recording could not be downloaded (${code})`);
    }
    if (response.status === 404) throw new NotFoundError('Recording');
    if (response.status >= 300) throw new ProviderUnavailableError('Twilio', CREDENTIALS, `Recording fetch answered ${response.status}`);
    return { contentType: 'audio/mpeg', data: Buffer.from(response.data) };
  }
}
