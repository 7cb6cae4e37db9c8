import { Inject, Injectable } from '@nestjs/common';
import { ProviderUnavailableError, type Tier } from '@jarvis/contracts';
import { MODEL_SERVER_WORDING, OpenAiConnection, type OpenAiUse } from '@jarvis/platform';
import OpenAI from 'openai';
import { CHAT_CONFIG, type ChatConfig } from '../config/chat.config';
import { ACTION_TOOLS } from './action-tools';
import { ReplyCancelledError } from './model.errors';
import { ChatModel, type ModelReply, type ModelRequest, type ModelToolCall } from './chat-model.provider';

/** How chat uses the model, and what its callers are told when it fails. */
const CHAT_MODEL: OpenAiUse = {
  name: 'The language model',
  // The chat endpoint's deadline is 30 s; one retry at most keeps us inside it.
  timeoutMs: 25_000,
  maxRetries: 1,
  wording: MODEL_SERVER_WORDING,
  variables: ['OPENAI_API_KEY'],
  busy: { message: 'The language model is busy right now. Please try again in a moment.', retryAfterSeconds: 20 },
};

/** The chat model through the platform's OpenAI connection (OPENAI_BASE_URL: any OpenAI-compatible server). */
@Injectable()
export class OpenAiAdapter extends ChatModel {
  readonly configured: boolean;
  private readonly openai: OpenAiConnection;

  constructor(@Inject(CHAT_CONFIG) private readonly config: ChatConfig) {
    super();
    this.openai = new OpenAiConnection(config, CHAT_MODEL);
    this.configured = this.openai.configured;
  }

  modelFor(tier: Tier): string {
    if (tier === 'enterprise') return this.config.OPENAI_MODEL_ENTERPRISE ?? this.config.OPENAI_MODEL;
    return this.config.OPENAI_MODEL;
  }

  async complete(request: ModelRequest): Promise<ModelReply> {
    const client = this.openai.require();
    const model = this.modelFor(request.tier);
    const body = {
      model,
      messages: request.messages,
      ...(request.withTools ? { tools: ACTION_TOOLS, tool_choice: 'auto' as const } : {}),
      ...(request.maxTokens ? { max_tokens: request.maxTokens } : {}),
      ...(request.json ? { response_format: { type: 'json_object' as const } } : {}),
    };
    try {
      if (request.onToken) return await this.streamed(client, body, request.onToken, request.signal);
      const completion = await client.chat.completions.create(body, { signal: request.signal });
      const message = completion.choices[0]?.message;
      const toolCalls = (message?.tool_calls ?? []).flatMap((call) =>
        call.type === 'function' ? [{ name: call.function.name, arguments: call.function.arguments }] : [],
      );
      return { content: message?.content?.trim() ?? '', toolCalls };
    } catch (error) {
      throw this.failure(error, model);
    }
  }

  /** A stop from the browser, and a model the server does not have, mean something here; the rest is the platform's mapping. */
  private failure(error: unknown, model: string): unknown {
    if (error instanceof OpenAI.APIUserAbortError) return new ReplyCancelledError();
    if (error instanceof OpenAI.APIError && error.status === 404) {
      return new ProviderUnavailableError('The language model', ['OPENAI_MODEL'], `model "${model}" was not found (check OPENAI_MODEL)`);
    }
    return this.openai.failure(error);
  }

  /** The same completion as server-sent chunks: text goes out as it comes, tool calls are put together by index. */
  private async streamed(
    client: OpenAI,
    body: OpenAI.Chat.Completions.ChatCompletionCreateParamsNonStreaming,
    onToken: (text: string) => void,
    signal?: AbortSignal,
  ): Promise<ModelReply> {
    const stream = await client.chat.completions.create({ ...body, stream: true }, { signal });
    const text = new TrimmedText(onToken);
    const calls: ModelToolCall[] = [];
    for await (const chunk of stream) {
      const delta = chunk.choices[0]?.delta;
      if (!delta) continue;
      if (delta.content) text.add(delta.content);
      for (const part of delta.tool_calls ?? []) {
        const call = (calls[part.index] ??= { name: '', arguments: '' });
        call.name += part.function?.name ?? '';
        call.arguments += part.function?.arguments ?? '';
      }
    }
    return { content: text.value, toolCalls: calls.filter((call) => call && call.name) };
  }
}

/**
 * The non-streamed reply is trimmed; so is the streamed one, as it goes: leading blanks are dropped and trailing
 * blanks are held back until more text follows, so the tokens always add up to the final content.
 */
class TrimmedText {
  value = '';
  private pending = '';

  constructor(private readonly onToken: (text: string) => void) {}

  add(piece: string) {
    let text = this.pending + piece;
    if (!this.value) text = text.trimStart();
    const body = text.trimEnd();
    this.pending = text.slice(body.length);
    if (!body) return;
    this.value += body;
    this.onToken(body);
  }
}
