import { Injectable } from '@nestjs/common';
import { type ChatAction, type ChatMessage, NotFoundError, type UserContext, ValidationError } from '@jarvis/contracts';
import type { StreamSink } from '@jarvis/platform';
import { describeActions, toActions } from '../model/action-tools';
import { ChatModel } from '../model/chat-model.provider';
import { MemoriesService } from '../memories/memories.service';
import { homeLocation } from '../memories/memory-extractor';
import { PersonasService } from '../personas/personas.service';
import { ShortcutsService } from '../shortcuts/shortcuts.service';
import { TwinService } from '../twin/twin.service';
import type { MessageEntity } from './entities/message.entity';
import { toChatMessage } from './message.mapper';
import { MessagesRepository } from './messages.repository';
import { offlineReply, rememberedReply } from './offline-assistant';
import { ReplyStream } from './reply-stream';
import { HISTORY_LIMIT, modelMessages, spokenInstructions, systemPrompt } from './prompt';
import type { EntityManager } from 'typeorm';
import type { MessageFeedbackEntity } from './entities/message-feedback.entity';

/** How many stored messages GET /api/chat/messages answers (the most recent, oldest first). */
const LIST_LIMIT = 500;

export interface SendInput {
  message: string;
  history: { role: 'user' | 'assistant'; content: string }[];
}

@Injectable()
export class MessagesService {
  constructor(
    private readonly repository: MessagesRepository,
    private readonly model: ChatModel,
    private readonly personas: PersonasService,
    private readonly memories: MemoriesService,
    private readonly twins: TwinService,
    private readonly shortcuts: ShortcutsService,
  ) {}

  /** One chat turn; with `sink` (a streamed call) the reply's text goes out as it is produced. */
  async send(ctx: UserContext, input: SendInput, sink?: StreamSink) {
    const { userId } = ctx;
    const stream = new ReplyStream(sink);
    // Independent reads and the insert run together: one query each (no N+1 on the hot path).
    const [userMessage, template, persona, known, twin] = await Promise.all([
      this.repository.insert(userId, 'user', input.message),
      this.shortcuts.respond(userId, input.message),
      this.personas.active(userId, ctx.tier),
      this.memories.forPrompt(userId),
      this.twins.forPrompt(userId),
    ]);
    if (template !== null) return this.answer(userId, userMessage, template, [], stream);

    let reply: string;
    let actions: ChatAction[];
    if (this.model.configured) {
      const system = systemPrompt({ ...persona, memories: known, twin, now: new Date() });
      const result = await this.model.complete({
        tier: ctx.tier,
        withTools: true,
        messages: modelMessages(system, input.history, input.message),
        onToken: stream.onToken,
        signal: stream.signal,
      });
      actions = toActions(result.toolCalls);
      reply = result.content || (actions.length ? describeActions(actions) : "I'm not sure how to answer that. Could you rephrase?");
      await this.memories.learnFromTurn(userId, input.message, actions, known);
    } else {
      ({ reply, actions } = offlineReply(input.message, { homeLocation: homeLocation(known) }));
      const learnt = await this.memories.learnFromTurn(userId, input.message, actions, known);
      const facts = learnt.filter((m) => m.type === 'profile').map((m) => m.content);
      if (facts.length && actions.length === 0) reply = rememberedReply(facts);
    }
    return this.answer(userId, userMessage, reply, actions, stream);
  }

  private async answer(userId: string, userMessage: MessageEntity, reply: string, actions: ChatAction[], stream: ReplyStream) {
    await stream.finish(reply);
    const assistant = await this.repository.insert(userId, 'assistant', reply, actions);
    return { reply, actions, userMessageId: userMessage.id, assistantMessageId: assistant.id };
  }

  /** What a live voice session tells the model: the chat's system prompt for speech, with the recent history. */
  async liveVoiceInstructions(ctx: UserContext): Promise<{ instructions: string }> {
    const [persona, known, twin, recent] = await Promise.all([
      this.personas.active(ctx.userId, ctx.tier),
      this.memories.forPrompt(ctx.userId),
      this.twins.forPrompt(ctx.userId),
      this.repository.recent(ctx.userId, HISTORY_LIMIT),
    ]);
    const history = recent.map((m) => ({ role: m.role, content: m.content }));
    return { instructions: spokenInstructions({ ...persona, memories: known, twin, now: new Date() }, history) };
  }

  /**
   * One spoken exchange of a live voice session, kept like any other turn: the user's words, Jarvis's answer as far
   * as it was heard (none when Jarvis said nothing), and what the user's words teach the memories.
   */
  async storeVoiceExchange(userId: string, transcript: string, reply: string) {
    const [userMessage, known] = await Promise.all([this.repository.insert(userId, 'user', transcript), this.memories.forPrompt(userId)]);
    const assistant = reply ? await this.repository.insert(userId, 'assistant', reply) : null;
    await this.memories.learnFromTurn(userId, transcript, [], known);
    return { userMessageId: userMessage.id, assistantMessageId: assistant?.id ?? null };
  }

  async list(userId: string): Promise<ChatMessage[]> {
    return (await this.repository.recent(userId, LIST_LIMIT)).map(toChatMessage);
  }

  /** The caller's messages among `ids`, oldest first; foreign, unknown or malformed ids are simply absent. */
  async ownMessages(userId: string, ids: string[]): Promise<ChatMessage[]> {
    return (await this.repository.findOwnMany(userId, ids)).map(toChatMessage);
  }

  /** The user's own words since `since`, newest first, at most `limit` (what pattern analysis reads). */
  userMessagesSince(userId: string, since: Date, limit: number) {
    return this.repository.userMessagesSince(userId, since, limit);
  }

  async setActionOutcome(userId: string, messageId: string, index: number, executed: boolean) {
    if (!(await this.repository.setActionOutcome(userId, messageId, index, executed))) throw new NotFoundError('Message');
    return { success: true as const };
  }

  async feedback(userId: string, messageId: string, feedbackType: 'like' | 'dislike') {
    const message = await this.repository.findOwn(userId, messageId);
    if (!message) throw new NotFoundError('Message');
    if (message.role !== 'assistant') throw new ValidationError('Feedback can only be given on assistant replies.');
    await this.repository.upsertFeedback(userId, messageId, feedbackType);
    return { success: true as const };
  }

  /** Account lifecycle (issue 22): the user's messages (their actions with outcomes) and the feedback on them. */
  async accountRows(userId: string): Promise<{ messages: MessageEntity[]; feedback: MessageFeedbackEntity[] }> {
    const [messages, feedback] = await Promise.all([this.repository.ofUser(userId), this.repository.feedbackOfUser(userId)]);
    return { messages, feedback };
  }

  importAccountRows(manager: EntityManager, messages: Partial<MessageEntity>[], feedback: Partial<MessageFeedbackEntity>[]) {
    return this.repository.insertImported(manager, messages, feedback);
  }

  eraseAccountRows(manager: EntityManager, userId: string) {
    return this.repository.eraseUser(manager, userId);
  }
}
