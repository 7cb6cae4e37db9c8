import { Injectable } from '@nestjs/common';
import { DataSource, type Repository } from 'typeorm';
import { CalendarConnectionEntity } from './entities/calendar-connection.entity';

/** Every query on calendar connections, each scoped by `userId`. */
@Injectable()
export class CalendarConnectionRepository {
  private readonly connections: Repository<CalendarConnectionEntity>;

  constructor(dataSource: DataSource) {
    this.connections = dataSource.getRepository(CalendarConnectionEntity);
  }

  find(userId: string) {
    return this.connections.findOneBy({ userId });
  }

  /** Stores the user's connection, replacing an earlier one. */
  async save(fields: Pick<CalendarConnectionEntity, 'userId' | 'googleEmail' | 'refreshTokenSealed' | 'scopes'>) {
    await this.connections.upsert(fields, ['userId']);
  }

  /** Deletes the connection only if it still holds `sealed` (a reconnect in between keeps the new one). */
  async delete(userId: string, sealed?: string): Promise<boolean> {
    const result = await this.connections.delete(sealed ? { userId, refreshTokenSealed: sealed } : { userId });
    return (result.affected ?? 0) > 0;
  }
}
