import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** The caller's chosen personality and career profile (one row a user, created on first choice). */
@Entity({ schema: 'chat', name: 'user_settings' })
export class UserSettingsEntity {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'personality_id', type: 'varchar', length: 40, default: 'friendly_companion' })
  personalityId!: string;

  @Column({ name: 'career_id', type: 'varchar', length: 40, default: 'general' })
  careerId!: string;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
