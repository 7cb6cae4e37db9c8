import { Injectable } from '@nestjs/common';
import { isRowId, type Tier } from '@jarvis/contracts';
import { DataSource, type EntityManager, type Repository } from 'typeorm';
import { UserEntity } from './entities/user.entity';

/** Postgres refuses a NUL in text with an error; for a lookup it simply matches no user. */
const hasNul = (value: string) => value.includes('\u0000');

/** All identity queries. Users are the one table keyed by the caller's own id, so every lookup here is scoped. */
@Injectable()
export class UsersRepository {
  private readonly users: Repository<UserEntity>;

  constructor(dataSource: DataSource) {
    this.users = dataSource.getRepository(UserEntity);
  }

  async findById(id: string) {
    if (!isRowId(id)) return null;
    return this.users.findOneBy({ id });
  }

  async findByUsername(username: string) {
    if (hasNul(username)) return null;
    return this.users.createQueryBuilder('u').where('lower(u.username) = lower(:username)', { username }).getOne();
  }

  async findByGoogleId(googleId: string) {
    if (hasNul(googleId)) return null;
    return this.users.findOneBy({ googleId });
  }

  create(fields: Partial<UserEntity>) {
    return this.users.save(this.users.create(fields));
  }

  async update(id: string, fields: Partial<UserEntity>) {
    await this.users.update({ id }, fields);
    return this.users.findOneByOrFail({ id });
  }

  /** Marks the account deleted (nobody signs in to it any more); false when it already was. */
  async markDeleted(id: string): Promise<boolean> {
    const result = await this.users
      .createQueryBuilder()
      .update()
      .set({ deletedAt: () => 'now()' })
      .where('id = :id AND deleted_at IS NULL', { id })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /** Removes a deleted account's row, and with it (foreign keys) its device secrets, links, exports and deletion record. */
  async eraseDeleted(id: string, manager?: EntityManager): Promise<boolean> {
    const users = manager ? manager.getRepository(UserEntity) : this.users;
    const result = await users.createQueryBuilder().delete().where('id = :id AND deleted_at IS NOT NULL', { id }).execute();
    return (result.affected ?? 0) > 0;
  }

  /**
   * The plan billing announced, and its Stripe customer when it names one (an absent one keeps the stored id).
   * `manager` is the transaction the caller's once-per-event marker commits in. An id of no user changes nothing.
   */
  async setTier(id: string, tier: Tier, stripeCustomerId: string | null | undefined, manager?: EntityManager) {
    if (!isRowId(id)) return;
    const users = manager ? manager.getRepository(UserEntity) : this.users;
    await users.update({ id }, { subscriptionTier: tier, ...(stripeCustomerId ? { stripeCustomerId } : {}) });
  }
}
