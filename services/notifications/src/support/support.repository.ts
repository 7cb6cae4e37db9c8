import { Injectable } from '@nestjs/common';
import { DataSource, type Repository } from 'typeorm';
import { SupportMessageEntity } from './entities/support-message.entity';

@Injectable()
export class SupportRepository {
  private readonly messages: Repository<SupportMessageEntity>;

  constructor(dataSource: DataSource) {
    this.messages = dataSource.getRepository(SupportMessageEntity);
  }

  create(fields: Omit<SupportMessageEntity, 'id' | 'createdAt' | 'forwardedAt'>) {
    return this.messages.save(this.messages.create(fields));
  }

  async markForwarded(id: string) {
    await this.messages.update({ id }, { forwardedAt: new Date() });
  }
}
