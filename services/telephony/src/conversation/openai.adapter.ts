import { Inject, Injectable } from '@nestjs/common';
import { ProviderUnavailableError } from '@jarvis/contracts';
import OpenAI from 'openai';
import { TELEPHONY_CONFIG, type TelephonyConfig } from '../config/telephony.config';
import { z } from 'zod';
import { ConversationModel, type ConversationMessage, type ModelClassification } from './conversation-model.provider';

const PRIORITIES = ['urgent', 'high', 'normal', 'low'] as const;
const classificationSchema = z.object({
  callerName: z.string().max(200).nullable(),
  messageType: z.enum(['question', 'callback_request', 'callback', 'urgent', 'conversation_end', 'other']),
  priority: z.enum(PRIORITIES),
  tags: z.array(z.string().max(40)).max(10),
  actionItems: z.array(z.object({ task: z.string().max(500), completed: z.boolean(), priority: z.enum(PRIORITIES) })).max(10),
  followUpNeeded: z.boolean(),
  callbackRequested: z.boolean(),
});
const CLASSIFY_PROMPT =
  'Classify this phone message left for the owner. callerName is the name the caller gave, or null. ' +
  'Answer only with the JSON the schema describes.';

/** The model through the official `openai` SDK; OPENAI_BASE_URL points it at any OpenAI-compatible server. */
@Injectable()
export class OpenAiAdapter extends ConversationModel {
  readonly configured: boolean;
  private readonly client?: OpenAI;

  constructor(@Inject(TELEPHONY_CONFIG) private readonly config: TelephonyConfig) {
    super();
    this.configured = Boolean(config.OPENAI_API_KEY || config.OPENAI_BASE_URL);
    if (this.configured) {
      // A caller is waiting on the line: Twilio gives a webhook 15 s, so one quick try.
      this.client = new OpenAI({ apiKey: config.OPENAI_API_KEY ?? 'not-needed', baseURL: config.OPENAI_BASE_URL, timeout: 10_000, maxRetries: 0 });
    }
  }

  async reply(messages: ConversationMessage[]): Promise<string> {
    if (!this.client) throw new ProviderUnavailableError('The language model', ['OPENAI_API_KEY', 'OPENAI_BASE_URL']);
    try {
      const completion = await this.client.chat.completions.create({ model: this.config.OPENAI_MODEL, messages, max_tokens: 200 });
      return completion.choices[0]?.message?.content?.trim() ?? '';
    } catch (error) {
      throw modelUnavailable(error);
    }
  }

  async classify(transcript: string): Promise<ModelClassification | null> {
    if (!this.client) return null;
    try {
      const completion = await this.client.chat.completions.create({
        model: this.config.OPENAI_MODEL,
        messages: [{ role: 'system', content: CLASSIFY_PROMPT }, { role: 'user', content: transcript }],
        response_format: { type: 'json_schema', json_schema: { name: 'phone_message', strict: true, schema: z.toJSONSchema(classificationSchema) } },
      });
      const parsed = classificationSchema.safeParse(JSON.parse(completion.choices[0]?.message?.content ?? ''));
      return parsed.success ? parsed.data : null;
    } catch {
      return null; // a model that cannot classify leaves it to the keyword rules
    }
  }
}

/** The SDK's error carries its request and response; only what an operator can act on goes on. */
function modelUnavailable(error: unknown): ProviderUnavailableError {
  const variables = ['OPENAI_API_KEY', 'OPENAI_BASE_URL'];
  if (error instanceof OpenAI.APIConnectionError) return new ProviderUnavailableError('The language model', variables, 'the model server could not be reached (check OPENAI_BASE_URL)');
  const status = (error as { status?: number }).status;
  if (status === 401 || status === 403) return new ProviderUnavailableError('The language model', variables, 'the API key was rejected (check OPENAI_API_KEY)');
  return new ProviderUnavailableError('The language model', variables, `the model server answered ${status ?? 'an error'}`);
}
