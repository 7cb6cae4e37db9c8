import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, In, type Repository } from 'typeorm';
import { PhoneLineEntity } from './entities/phone-line.entity';

@Injectable()
export class PhoneLinesRepository {
  private readonly lines: Repository<PhoneLineEntity>;

  constructor(dataSource: DataSource) {
    this.lines = dataSource.getRepository(PhoneLineEntity);
  }

  findForUser(userId: string) {
    return this.lines.findOneBy({ userId });
  }

  /** The line a call or text reached; webhooks know the number only. */
  findByNumber(phoneNumber: string) {
    return this.lines.findOneBy({ phoneNumber });
  }

  /** Which of `numbers` a line holds. */
  async heldAmong(numbers: string[]): Promise<string[]> {
    return (await this.lines.find({ select: { phoneNumber: true }, where: { phoneNumber: In(numbers) } })).map((l) => l.phoneNumber);
  }

  /** Claims the number for the user; false when someone (or the user, another number) already holds it. */
  async claim(line: Pick<PhoneLineEntity, 'userId' | 'phoneNumber' | 'twilioSid' | 'purchased' | 'tier'>): Promise<boolean> {
    const result = await this.lines
      .createQueryBuilder()
      .insert()
      .values(line)
      .orIgnore()
      .returning('id')
      .execute();
    return result.raw.length > 0;
  }

  /** Within `manager`'s transaction when given (an event applied once). */
  async setTier(userId: string, tier: string, manager?: EntityManager) {
    await (manager?.getRepository(PhoneLineEntity) ?? this.lines).update({ userId }, { tier });
  }

  async remove(userId: string) {
    await this.lines.delete({ userId });
  }

  /** Account lifecycle (issue 22): the user's line, removed in the caller's transaction. */
  async eraseUser(manager: EntityManager, userId: string) {
    await manager.getRepository(PhoneLineEntity).delete({ userId });
  }
}
