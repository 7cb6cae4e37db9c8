import { Injectable } from '@nestjs/common';
import { DataSource, type Repository } from 'typeorm';
import { TwinEntity, type TwinProfile } from './entities/twin.entity';
import type { EntityManager } from 'typeorm';

@Injectable()
export class TwinRepository {
  private readonly repo: Repository<TwinEntity>;

  constructor(dataSource: DataSource) {
    this.repo = dataSource.getRepository(TwinEntity);
  }

  find(userId: string): Promise<TwinEntity | null> {
    return this.repo.findOneBy({ userId });
  }

  async save(userId: string, twin: { samples: string[]; facts: string; boundaries: string; profile: TwinProfile }) {
    await this.repo.upsert({ userId, ...twin, trainedAt: new Date() }, { conflictPaths: ['userId'] });
  }

  /** Account lifecycle (issue 22): the user's twin, replaced by an imported one. */
  findForUser(userId: string) {
    return this.repo.findOneBy({ userId });
  }

  async importTwin(manager: EntityManager, row: Partial<TwinEntity> & { userId: string }) {
    await manager.getRepository(TwinEntity).upsert(row, ['userId']);
  }

  async eraseUser(manager: EntityManager, userId: string) {
    await manager.getRepository(TwinEntity).delete({ userId });
  }
}
