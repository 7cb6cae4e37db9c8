import { Injectable } from '@nestjs/common';
import { DataSource, type Repository } from 'typeorm';
import { InboundCallEntity } from './entities/inbound-call.entity';
import { PhoneMessageEntity } from './entities/phone-message.entity';
import type { EntityManager } from 'typeorm';

@Injectable()
export class PhoneMessagesRepository {
  private readonly messages: Repository<PhoneMessageEntity>;
  private readonly calls: Repository<InboundCallEntity>;

  constructor(dataSource: DataSource) {
    this.messages = dataSource.getRepository(PhoneMessageEntity);
    this.calls = dataSource.getRepository(InboundCallEntity);
  }

  list(userId: string) {
    return this.messages.find({ where: { userId }, order: { createdAt: 'DESC' }, take: 500 });
  }

  findOne(userId: string, id: string) {
    return this.messages.findOneBy({ id, userId });
  }

  async update(userId: string, id: string, changes: Partial<Pick<PhoneMessageEntity, 'status' | 'notes'>>) {
    await this.messages.update({ id, userId }, changes);
    return this.findOne(userId, id);
  }

  async delete(userId: string, id: string): Promise<boolean> {
    const result = await this.messages.delete({ id, userId });
    return (result.affected ?? 0) > 0;
  }

  /** Remembers who a call is for; a retried voice webhook changes nothing. */
  async rememberCall(call: Pick<InboundCallEntity, 'callSid' | 'userId' | 'fromNumber' | 'toNumber'>) {
    await this.calls.createQueryBuilder().insert().values(call).orIgnore().execute();
  }

  findCall(callSid: string) {
    return this.calls.findOneBy({ callSid });
  }

  /**
   * The message of a call or text, created once by its sid: the insert of a retry (or of a second callback) is
   * ignored and the columns given are updated instead. Answers the row and whether this call created it.
   */
  async upsertBySource(
    values: Partial<PhoneMessageEntity> & Pick<PhoneMessageEntity, 'userId' | 'sourceSid' | 'callerNumber'>,
    updates: Partial<PhoneMessageEntity>,
  ): Promise<{ message: PhoneMessageEntity; created: boolean }> {
    const inserted = await this.messages.createQueryBuilder().insert().values(values).orIgnore().returning('id').execute();
    const created = inserted.raw.length > 0;
    if (!created && Object.keys(updates).length) await this.messages.update({ sourceSid: values.sourceSid }, updates);
    const message = await this.messages.findOneByOrFail({ sourceSid: values.sourceSid });
    return { message, created };
  }

  findBySource(sourceSid: string) {
    return this.messages.findOneBy({ sourceSid });
  }

  async updateBySource(sourceSid: string, changes: Partial<PhoneMessageEntity>) {
    await this.messages.update({ sourceSid }, changes);
  }

  /** Account lifecycle (issue 22): every phone message of the user, oldest first. */
  ofUser(userId: string) {
    return this.messages.find({ where: { userId }, order: { createdAt: 'ASC' } });
  }

  /** The user's message or call that left this recording, if any (a recording is fetched only for its owner). */
  async hasRecording(userId: string, recordingSid: string) {
    return (await this.messages.countBy({ userId, recordingSid })) > 0;
  }

  async insertImported(manager: EntityManager, rows: Partial<PhoneMessageEntity>[]) {
    for (let i = 0; i < rows.length; i += 1_000) await manager.getRepository(PhoneMessageEntity).insert(rows.slice(i, i + 1_000));
  }

  async eraseUser(manager: EntityManager, userId: string) {
    await manager.getRepository(PhoneMessageEntity).delete({ userId });
    await manager.getRepository(InboundCallEntity).delete({ userId });
  }
}
