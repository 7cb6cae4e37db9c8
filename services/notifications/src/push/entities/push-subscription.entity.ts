import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** One browser's push subscription; an endpoint belongs to the user who subscribed it last. */
@Entity({ schema: 'notifications', name: 'push_subscriptions' })
export class PushSubscriptionEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Index('push_subscriptions_user_id_idx')
  @Column('uuid', { name: 'user_id' })
  userId!: string;

  @Index('push_subscriptions_endpoint_key', { unique: true })
  @Column('varchar', { length: 2048 })
  endpoint!: string;

  @Column('varchar', { length: 512 })
  p256dh!: string;

  @Column('varchar', { length: 512 })
  auth!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
