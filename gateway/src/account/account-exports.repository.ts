import { Injectable } from '@nestjs/common';
import type { AccountExportStatus, AccountPartName, AccountPartState } from '@jarvis/contracts';
import { isRowId } from '@jarvis/contracts';
import { DataSource, type Repository } from 'typeorm';
import { AccountExportEntity } from './entities/account-export.entity';

/** Every query of the exports, each scoped by the user (the job's by the export it runs). */
@Injectable()
export class AccountExportsRepository {
  private readonly exports: Repository<AccountExportEntity>;

  constructor(dataSource: DataSource) {
    this.exports = dataSource.getRepository(AccountExportEntity);
  }

  /** A new queued export, or null when the user has one queued or running (the partial unique index decides). */
  async create(userId: string, parts: Record<AccountPartName, AccountPartState>): Promise<AccountExportEntity | null> {
    try {
      return await this.exports.save(this.exports.create({ userId, parts, status: 'queued', progress: 0 }));
    } catch (error) {
      if ((error as { driverError?: { code?: string } }).driverError?.code === '23505') return null;
      throw error;
    }
  }

  async find(userId: string, id: string) {
    if (!isRowId(id)) return null;
    return this.exports.findOneBy({ id, userId });
  }

  latest(userId: string) {
    return this.exports.findOne({ where: { userId }, order: { createdAt: 'DESC' } });
  }

  async update(id: string, fields: Partial<Pick<AccountExportEntity, 'status' | 'progress' | 'parts' | 'error' | 'bytes' | 'downloadNonce' | 'expiresAt'>>) {
    await this.exports.update({ id }, fields);
  }

  async setStatus(id: string, status: AccountExportStatus, error: string | null = null) {
    await this.exports.update({ id }, { status, error });
  }

  /**
   * Spends a download link: its nonce is replaced by `next` only if it is still the current one, so two requests
   * with the same link download once.
   */
  async spendLink(userId: string, id: string, nonce: string, next: string): Promise<boolean> {
    const result = await this.exports
      .createQueryBuilder()
      .update()
      .set({ downloadNonce: next })
      .where('id = :id AND user_id = :userId AND download_nonce = :nonce AND status = :status AND expires_at > now()', {
        id, userId, nonce, status: 'completed',
      })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /** The user's exports whose archives may still be in the store (to delete them with the account). */
  ofUser(userId: string) {
    return this.exports.find({ where: { userId } });
  }
}
