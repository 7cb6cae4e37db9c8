import { Injectable } from '@nestjs/common';
import { DataSource, type Repository } from 'typeorm';
import { CallScenarioEntity } from './entities/call-scenario.entity';

@Injectable()
export class ScenariosRepository {
  private readonly scenarios: Repository<CallScenarioEntity>;

  constructor(dataSource: DataSource) {
    this.scenarios = dataSource.getRepository(CallScenarioEntity);
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
}
