/** A number of the provider account, as its REST API lists it. */
export interface IncomingNumber {
  sid: string;
  phoneNumber: string;
}

/** Where the provider calls us for a number's calls, call statuses and texts. */
export interface NumberWebhooks {
  voiceUrl: string;
  statusCallback: string;
  smsUrl: string;
}

/** An outbound call to place: our TwiML URL is fetched when someone answers; every status comes to statusCallback. */
export interface OutgoingCall {
  to: string;
  from: string;
  url: string;
  statusCallback: string;
  recordingStatusCallback: string;
}

/** A call of the account, as the provider's call list gives it. */
export interface PlacedCall {
  sid: string;
  createdAt: Date;
}

/** The provider refused to place a call for a reason retrying cannot fix (a 4xx: a number it will not call...). */
export class CallRejectedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CallRejectedError';
  }
}

/** The phone network as the telephony service needs it; Twilio is the one adapter. */
export abstract class TelephonyProvider {
  /** Whether the account's credentials are set; every other call throws a 503 naming the variables otherwise. */
  abstract readonly configured: boolean;
  /** Whether a webhook's signature was made with the account's token over this URL and these parameters. */
  abstract validSignature(signature: string, url: string, params: Record<string, string>): boolean;
  abstract findIncomingNumber(phoneNumber: string): Promise<IncomingNumber | null>;
  abstract configureNumber(sid: string, hooks: NumberWebhooks): Promise<void>;
  /** Buys a local US number and points it at the hooks. */
  abstract buyNumber(hooks: NumberWebhooks): Promise<IncomingNumber>;
  abstract releaseNumber(sid: string): Promise<void>;
  abstract sendSms(from: string, to: string, body: string): Promise<{ sid: string }>;
  /**
   * Places a recorded call; answers the provider's call id. A refusal retrying cannot fix is `CallRejectedError`;
   * an outage or an unconfigured account is `ProviderUnavailableError`.
   */
  abstract placeCall(call: OutgoingCall): Promise<{ sid: string }>;
  /**
   * The calls the account placed from `from` to `to` since `since`, newest first, as the provider lists them: how a
   * placement whose answer was lost (the replica died waiting for it) is found.
   */
  abstract placedCalls(query: { to: string; from: string; since: Date }): Promise<PlacedCall[]>;
  /** Loads what the first call would otherwise load while a caller waits (no network); nothing when unconfigured. */
  abstract prepare(): void;
  /** Hangs up a call that is ringing or on (a call already over is left as it is). */
  abstract endCall(callSid: string): Promise<void>;
  /** A recording's audio (mp3), fetched with the account's credentials. */
  abstract fetchRecording(recordingSid: string): Promise<{ contentType: string; data: Buffer }>;
  /** Deletes a recording at the provider; one that is gone already is no error. */
  abstract deleteRecording(recordingSid: string): Promise<void>;
}
