import { type DomainError, ProviderUnavailableError, RateLimitedError } from '@jarvis/contracts';
import OpenAI from 'openai';
import { measuredFetch } from '../observability/provider-calls';

/**
 * The model (chat, speech, transcription, vision) through the official `openai` SDK, for every service that uses it:
 * one way to build the client from the configuration and one way to turn the SDK's failures into DomainErrors.
 * OPENAI_BASE_URL points it at any OpenAI-compatible server (Ollama, vLLM, LM Studio, a test fake).
 */

/** Either variable turns the model on: a key for OpenAI itself, or a base URL for a server that needs none. */
export const OPENAI_VARIABLES = ['OPENAI_API_KEY', 'OPENAI_BASE_URL'];

/** What a service's config holds of the model's connection (`optionalSecret`, `optionalUrl`). */
export interface OpenAiSettings {
  OPENAI_API_KEY?: string;
  OPENAI_BASE_URL?: string;
}

/** The reasons a failure gives, after `<name> is unavailable: `. */
export interface OpenAiWording {
  /** No answer: refused connection, timeout. */
  unreachable: string;
  /** 401 or 403. */
  rejected: string;
  /** Any other status (`undefined`: an SDK error without one). */
  answered: (status: number | undefined) => string;
}

/** The language model's words (chat, telephony): a model server behind OPENAI_BASE_URL, a key in OPENAI_API_KEY. */
export const MODEL_SERVER_WORDING: OpenAiWording = {
  unreachable: 'the model server could not be reached (check OPENAI_BASE_URL)',
  rejected: 'the API key was rejected (check OPENAI_API_KEY)',
  answered: (status) => `the model server answered ${status ?? 'an error'}`,
};

/** The provider kit's words (`providerFetch`, `unexpectedStatus`), for a service that names OpenAI as a provider (voice). */
export const PROVIDER_WORDING: OpenAiWording = {
  unreachable: 'it could not be reached',
  rejected: 'the credentials were rejected (check OPENAI_API_KEY)',
  answered: (status) => `it answered ${status ?? 'an error'}`,
};

/** How one service uses the model: its deadlines, and how its callers are told of a failure. */
export interface OpenAiUse {
  /** The provider as errors name it: 'The language model', 'OpenAI'. */
  name: string;
  /** The SDK's deadline for one try, in ms; tries (1 + maxRetries) must fit inside the caller's own deadline. */
  timeoutMs: number;
  maxRetries: number;
  wording: OpenAiWording;
  /** The variables a failure names (an unconfigured model always names both OPENAI_VARIABLES). */
  variables?: string[];
  /** A 429 as RateLimitedError with the service's text; without it a 429 is ProviderUnavailableError like any status. */
  busy?: { message: string; retryAfterSeconds: number };
}

/**
 * A service's connection to the model: the SDK client when OPENAI_API_KEY or OPENAI_BASE_URL is set, and the mapping
 * of its failures. The SDK's errors carry the request they made (the key in its headers), so none of them goes on:
 * `failure` keeps only what an operator can act on (a status, which variable to check).
 *
 * ```ts
 * private readonly openai = new OpenAiConnection(config, { name: 'The language model', timeoutMs: 25_000, maxRetries: 1, wording: MODEL_SERVER_WORDING });
 * const client = this.openai.require(); // unconfigured: 503 "The language model is not configured. Set OPENAI_API_KEY and OPENAI_BASE_URL ..."
 * try { ... } catch (error) { throw this.openai.failure(error); }
 * ```
 */
export class OpenAiConnection {
  readonly configured: boolean;
  private readonly client?: OpenAI;

  constructor(
    config: OpenAiSettings,
    private readonly use: OpenAiUse,
  ) {
    this.configured = Boolean(config.OPENAI_API_KEY || config.OPENAI_BASE_URL);
    if (this.configured) {
      this.client = new OpenAI({
        // Local servers (Ollama, vLLM, LM Studio) ignore the key, but the SDK needs one.
        apiKey: config.OPENAI_API_KEY ?? 'not-needed',
        baseURL: config.OPENAI_BASE_URL,
        timeout: use.timeoutMs,
        maxRetries: use.maxRetries,
        // Every HTTP request the SDK makes is counted as `jarvis_provider_*{provider="openai"}`, by path.
        fetch: measuredFetch('openai', use.timeoutMs),
      });
    }
  }

  /** The client; unconfigured, the 503 that names OPENAI_API_KEY and OPENAI_BASE_URL. */
  require(): OpenAI {
    if (!this.client) throw new ProviderUnavailableError(this.use.name, OPENAI_VARIABLES);
    return this.client;
  }

  /**
   * An SDK failure as what callers are shown: ProviderUnavailableError (unreachable, key rejected, a status) or the
   * service's RateLimitedError for a 429. Anything that is not the SDK's error is returned unchanged. Statuses that
   * mean something to a feature (a 404 for an unknown model, a 400 for audio it cannot decode) are checked by the
   * adapter before it calls this.
   */
  failure(error: unknown): unknown {
    if (!(error instanceof OpenAI.APIError)) return error;
    const { name, wording, busy } = this.use;
    const variables = this.use.variables ?? OPENAI_VARIABLES;
    if (error instanceof OpenAI.APIConnectionError) return new ProviderUnavailableError(name, variables, wording.unreachable);
    if (error.status === 401 || error.status === 403) return new ProviderUnavailableError(name, variables, wording.rejected);
    if (error.status === 429 && busy) return new RateLimitedError(busy.message, busy.retryAfterSeconds);
    return new ProviderUnavailableError(name, variables, wording.answered(error.status));
  }

  /** Every failure as a DomainError, the SDK's or not (an unknown one as `answered(undefined)`): for a caller that must always answer. */
  unavailable(error: unknown): DomainError {
    const failure = this.failure(error);
    if (failure instanceof ProviderUnavailableError || failure instanceof RateLimitedError) return failure;
    return new ProviderUnavailableError(this.use.name, this.use.variables ?? OPENAI_VARIABLES, this.use.wording.answered(undefined));
  }
}
