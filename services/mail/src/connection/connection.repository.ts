import { Injectable } from '@nestjs/common';
import { DataSource, type Repository } from 'typeorm';
import { MailTokenEntity } from './entities/mail-token.entity';

/** Every query on users' Gmail tokens, scoped by `userId`. */
@Injectable()
export class ConnectionRepository {
  private readonly tokens: Repository<MailTokenEntity>;

  constructor(dataSource: DataSource) {
    this.tokens = dataSource.getRepository(MailTokenEntity);
  }

  findForUser(userId: string) {
    return this.tokens.findOneBy({ userId });
  }

  /** Stores the user's connection, replacing the one they had (the unique user index decides between two callbacks). */
  async save(userId: string, values: { googleEmail: string; refreshTokenSealed: string; scopes: string[] }): Promise<void> {
    await this.tokens
      .createQueryBuilder()
      .insert()
      .values({ userId, ...values })
      .orUpdate(['google_email', 'refresh_token_sealed', 'scopes', 'updated_at'], ['user_id'])
      .execute();
  }

  async deleteForUser(userId: string): Promise<void> {
    await this.tokens.delete({ userId });
  }
}
