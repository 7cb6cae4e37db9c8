import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** One inbox entry of a user. `sourceKey` names what caused it (an event), so a cause makes one entry at most. */
@Entity({ schema: 'notifications', name: 'notifications' })
@Index('notifications_user_id_created_at_idx', ['userId', 'createdAt'])
@Index('notifications_user_id_source_key_key', ['userId', 'sourceKey'], { unique: true })
export class NotificationEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'user_id' })
  userId!: string;

  @Column('varchar', { length: 40 })
  type!: string;

  @Column('varchar', { length: 200 })
  title!: string;

  @Column('text')
  message!: string;

  @Column('varchar', { length: 20, default: 'normal' })
  priority!: string;

  @Column('boolean', { default: false })
  read!: boolean;

  @Column('varchar', { name: 'source_key', length: 200, nullable: true })
  sourceKey!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
