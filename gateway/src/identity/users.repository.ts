import { Injectable } from '@nestjs/common';
import { DataSource, type Repository } from 'typeorm';
import { UserEntity } from './entities/user.entity';

/** All identity queries. Users are the one table keyed by the caller's own id, so every lookup here is scoped. */
@Injectable()
export class UsersRepository {
  private readonly users: Repository<UserEntity>;

  constructor(dataSource: DataSource) {
    this.users = dataSource.getRepository(UserEntity);
  }

  findById(id: string) {
    return this.users.findOneBy({ id });
  }

  findByUsername(username: string) {
    return this.users.createQueryBuilder('u').where('lower(u.username) = lower(:username)', { username }).getOne();
  }

  findByGoogleId(googleId: string) {
    return this.users.findOneBy({ googleId });
  }

  create(fields: Partial<UserEntity>) {
    return this.users.save(this.users.create(fields));
  }

  async update(id: string, fields: Partial<UserEntity>) {
    await this.users.update({ id }, fields);
    return this.users.findOneByOrFail({ id });
  }
}
