import { Injectable } from '@nestjs/common';
import { DataSource, In, IsNull, Not, type Repository } from 'typeorm';
import { CallLogEntity, type CallStatus } from './entities/call-log.entity';
import type { EntityManager } from 'typeorm';

type CallLog = CallLogEntity;

const OPEN: CallStatus[] = ['pending', 'processing'];

/** The call end a status callback (or the job's own deadline) writes, once. */
export interface CallEnd {
  status: 'completed' | 'failed';
  duration?: number | null;
  errorMessage?: string | null;
  transcript?: string | null;
  /** What the call achieved, as the assistant reported it. */
  outcome?: string | null;
  outcomeDetails?: string | null;
  /** Someone picked up (a completed call always had). */
  answered?: boolean;
}

@Injectable()
export class OutboundCallsRepository {
  private readonly logs: Repository<CallLogEntity>;

  constructor(dataSource: DataSource) {
    this.logs = dataSource.getRepository(CallLogEntity);
  }

  create(log: Partial<CallLog>) {
    return this.logs.save(this.logs.create(log));
  }

  findOne(userId: string, id: string) {
    return this.logs.findOneBy({ id, userId });
  }

  findByRunKey(userId: string, runKey: string) {
    return this.logs.findOneBy({ userId, runKey });
  }

  list(userId: string, limit = 200) {
    return this.logs.find({ where: { userId }, order: { createdAt: 'DESC' }, take: limit });
  }

  /** The user's calls not ended yet, oldest first (the queue). */
  open(userId: string) {
    return this.logs.find({ where: { userId, status: In(OPEN) }, order: { createdAt: 'ASC' } });
  }

  async delete(userId: string, id: string): Promise<boolean> {
    return ((await this.logs.delete({ id, userId })).affected ?? 0) > 0;
  }

  /**
   * pending → processing (with the opening it will speak), dialing from now: written before Twilio is asked, so a run
   * that finds it set without a CallSid knows the call may be ringing already. False when the call was deleted, has
   * already ended or has its CallSid.
   */
  async markDialing(userId: string, id: string, opening: string): Promise<boolean> {
    const result = await this.logs.update(
      { id, userId, status: In(OPEN), callSid: IsNull() },
      { status: 'processing', opening, dialingAt: () => 'now()' },
    );
    return (result.affected ?? 0) > 0;
  }

  /**
   * Which of these provider call ids another call log already holds: a call found at Twilio by its numbers is
   * adopted only when it is nobody else's (two users may call one number from the shared line). Answers ids only.
   */
  async heldElsewhere(callSids: string[], id: string): Promise<Set<string>> {
    if (callSids.length === 0) return new Set();
    const rows = await this.logs.find({ select: { callSid: true }, where: { callSid: In(callSids), id: Not(id) } });
    return new Set(rows.map((row) => row.callSid!));
  }

  async update(userId: string, id: string, changes: Partial<CallLog>) {
    await this.logs.update({ id, userId }, changes);
  }

  /** Keeps the provider's call id once: a second placement of the same call never overwrites the first. */
  async setCallSid(userId: string, id: string, callSid: string): Promise<boolean> {
    const result = await this.logs.update({ id, userId, callSid: IsNull() }, { callSid });
    return (result.affected ?? 0) > 0;
  }

  async markAnswered(userId: string, id: string) {
    await this.logs.update({ id, userId, answered: false }, { answered: true });
  }

  async setRecording(userId: string, id: string, recordingSid: string) {
    await this.logs.update({ id, userId }, { recordingSid });
  }

  /**
   * Ends the call if it has not ended: whoever comes first (the status callback, a retried one, the job's deadline)
   * writes the end, and only that one gets back what it needs to announce it. An ended call never ends again.
   */
  async end(userId: string, id: string, end: CallEnd): Promise<{ answered: boolean; reservedMonth: string | null } | null> {
    const result = await this.logs
      .createQueryBuilder()
      .update()
      .set({
        status: end.status,
        endedAt: () => 'now()',
        ...(end.answered && { answered: true }),
        ...(end.duration !== undefined && { duration: end.duration }),
        ...(end.errorMessage !== undefined && { errorMessage: end.errorMessage }),
        ...(end.transcript !== undefined && { transcript: end.transcript }),
        ...(end.outcome !== undefined && { outcome: end.outcome }),
        ...(end.outcomeDetails !== undefined && { outcomeDetails: end.outcomeDetails }),
      })
      .where({ id, userId, status: In(OPEN) })
      .returning('"answered", "reserved_month"')
      .execute();
    const row = (result.raw as { answered: boolean; reserved_month: string | null }[])[0];
    return row ? { answered: row.answered, reservedMonth: row.reserved_month } : null;
  }

  /** Account lifecycle (issue 22): every call log of the user (queued calls too), oldest first. */
  ofUser(userId: string) {
    return this.logs.find({ where: { userId }, order: { createdAt: 'ASC' } });
  }

  async hasRecording(userId: string, recordingSid: string) {
    return (await this.logs.countBy({ userId, recordingSid })) > 0;
  }

  async insertImported(manager: EntityManager, rows: Partial<CallLogEntity>[]) {
    for (let i = 0; i < rows.length; i += 1_000) await manager.getRepository(CallLogEntity).insert(rows.slice(i, i + 1_000));
  }

  async eraseUser(manager: EntityManager, userId: string) {
    await manager.getRepository(CallLogEntity).delete({ userId });
  }
}
