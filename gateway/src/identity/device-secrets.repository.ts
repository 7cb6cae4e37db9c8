import { Injectable } from '@nestjs/common';
import { isRowId } from '@jarvis/contracts';
import { DataSource, type Repository } from 'typeorm';
import { DeviceSecretEntity } from './entities/device-secret.entity';

/** Stands in for a missing user or secret, so a look-up runs the same query whatever it is given. */
const NO_USER = '00000000-0000-0000-0000-000000000000';
const NO_HASH = '0'.repeat(64);

/** The browsers (hashes of their device secrets) each user signed in from. */
@Injectable()
export class DeviceSecretsRepository {
  private readonly devices: Repository<DeviceSecretEntity>;

  constructor(dataSource: DataSource) {
    this.devices = dataSource.getRepository(DeviceSecretEntity);
  }

  /** Whether this browser signed in to this user before. One indexed query in every case, found or not. */
  async isLinked(secretHash: string | null, userId: string | null): Promise<boolean> {
    const user = userId && isRowId(userId) ? userId : NO_USER;
    return this.devices.existsBy({ secretHash: secretHash ?? NO_HASH, userId: user });
  }

  /** Whether any account signed in from this browser. */
  isKnown(secretHash: string): Promise<boolean> {
    return this.devices.existsBy({ secretHash });
  }

  async link(secretHash: string, userId: string) {
    await this.devices
      .createQueryBuilder()
      .insert()
      .values({ secretHash, userId })
      .orUpdate(['last_used_at'], ['secret_hash', 'user_id'])
      .execute();
  }
}
