import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { UserLocationEntity } from './entities/user-location.entity';

@Injectable()
export class LocationRepository {
  constructor(private readonly dataSource: DataSource) {}

  find(userId: string) {
    return this.dataSource.getRepository(UserLocationEntity).findOneBy({ userId });
  }

  async save(userId: string, fields: { lat: number; lon: number; locationName?: string | null }) {
    await this.dataSource.getRepository(UserLocationEntity).upsert({ userId, ...fields }, ['userId']);
  }

  async remove(userId: string) {
    await this.dataSource.getRepository(UserLocationEntity).delete({ userId });
  }
}
