import { Injectable } from '@nestjs/common';
import { DataSource, type Repository } from 'typeorm';
import { CallScenarioEntity } from './entities/call-scenario.entity';
import type { EntityManager } from 'typeorm';

@Injectable()
export class ScenariosRepository {
  private readonly scenarios: Repository<CallScenarioEntity>;

  constructor(private readonly dataSource: DataSource) {
    this.scenarios = dataSource.getRepository(CallScenarioEntity);
  }

  /**
   * Adds the user's scenario unless they already keep `max`: counted and inserted under a lock of that user's, so
   * concurrent creates on any replica never pass it. Null when full.
   */
  createUnlessFull(scenario: Partial<CallScenarioEntity> & { userId: string }, max: number): Promise<CallScenarioEntity | null> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`telephony.call_scenarios:${scenario.userId}`]);
      if ((await manager.countBy(CallScenarioEntity, { userId: scenario.userId })) >= max) return null;
      return manager.save(CallScenarioEntity, manager.create(CallScenarioEntity, scenario));
    });
  }

  list(userId: string) {
    return this.scenarios.find({ where: { userId }, order: { createdAt: 'DESC' } });
  }

  findOne(userId: string, id: string) {
    return this.scenarios.findOneBy({ id, userId });
  }

  save(scenario: Partial<CallScenarioEntity>) {
    return this.scenarios.save(scenario);
  }

  async markExecuted(userId: string, id: string, at = new Date()) {
    await this.scenarios.update({ id, userId }, { lastExecuted: at });
  }

  async delete(userId: string, id: string): Promise<boolean> {
    return ((await this.scenarios.delete({ id, userId })).affected ?? 0) > 0;
  }

  /** Account lifecycle (issue 22): every scenario of the user. */
  ofUser(userId: string) {
    return this.scenarios.find({ where: { userId }, order: { createdAt: 'ASC' } });
  }

  async insertImported(manager: EntityManager, rows: Partial<CallScenarioEntity>[]) {
    if (rows.length) await manager.getRepository(CallScenarioEntity).insert(rows);
  }

  async eraseUser(manager: EntityManager, userId: string) {
    await manager.getRepository(CallScenarioEntity).delete({ userId });
  }
}
