import { Injectable } from '@nestjs/common';
import { DataSource, type Repository } from 'typeorm';
import { UserSettingsEntity } from './entities/user-settings.entity';
import type { EntityManager } from 'typeorm';

@Injectable()
export class PersonasRepository {
  private readonly repo: Repository<UserSettingsEntity>;

  constructor(dataSource: DataSource) {
    this.repo = dataSource.getRepository(UserSettingsEntity);
  }

  find(userId: string): Promise<UserSettingsEntity | null> {
    return this.repo.findOneBy({ userId });
  }

  async setPersonality(userId: string, personalityId: string) {
    await this.repo.upsert({ userId, personalityId }, { conflictPaths: ['userId'], skipUpdateIfNoValuesChanged: false });
  }

  async setCareer(userId: string, careerId: string) {
    await this.repo.upsert({ userId, careerId }, { conflictPaths: ['userId'], skipUpdateIfNoValuesChanged: false });
  }

  /** Account lifecycle (issue 22): the user's chosen personality and career. */
  settingsOf(userId: string) {
    return this.repo.findOneBy({ userId });
  }

  async importSettings(manager: EntityManager, row: Pick<UserSettingsEntity, 'userId' | 'personalityId' | 'careerId'>) {
    await manager.getRepository(UserSettingsEntity).upsert(row, ['userId']);
  }

  async eraseUser(manager: EntityManager, userId: string) {
    await manager.getRepository(UserSettingsEntity).delete({ userId });
  }
}
