import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** The one VAPID key pair generated when VAPID_* is unset, so every replica signs with the same keys. */
@Entity({ schema: 'notifications', name: 'vapid_keys' })
export class VapidKeysEntity {
  @PrimaryColumn('smallint')
  id!: number;

  @Column('varchar', { name: 'public_key', length: 200 })
  publicKey!: string;

  @Column('varchar', { name: 'private_key', length: 200 })
  privateKey!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
