import { Inject, Injectable } from '@nestjs/common';
import { MODEL_SERVER_WORDING, OpenAiConnection } from '@jarvis/platform';
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

/** The phone agent's model through the platform's OpenAI connection (OPENAI_BASE_URL: any OpenAI-compatible server). */
@Injectable()
export class OpenAiAdapter extends ConversationModel {
  readonly configured: boolean;
  private readonly openai: OpenAiConnection;

  constructor(@Inject(TELEPHONY_CONFIG) private readonly config: TelephonyConfig) {
    super();
    // A caller is waiting on the line: Twilio gives a webhook 15 s, so one quick try.
    this.openai = new OpenAiConnection(config, { name: 'The language model', timeoutMs: 10_000, maxRetries: 0, wording: MODEL_SERVER_WORDING });
    this.configured = this.openai.configured;
  }

  async reply(messages: ConversationMessage[]): Promise<string> {
    const client = this.openai.require();
    try {
      const completion = await client.chat.completions.create({ model: this.config.OPENAI_MODEL, messages, max_tokens: 200 });
      return completion.choices[0]?.message?.content?.trim() ?? '';
    } catch (error) {
      // Whatever went wrong, the caller on the line is answered: every failure is the model's 503.
      throw this.openai.unavailable(error);
    }
  }

  async classify(transcript: string): Promise<ModelClassification | null> {
    if (!this.configured) return null;
    try {
      const completion = await this.openai.require().chat.completions.create({
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
