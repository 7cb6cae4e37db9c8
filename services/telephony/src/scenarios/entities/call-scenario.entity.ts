import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export type ScenarioType = 'good_morning' | 'news_briefing' | 'check_in' | 'bible_verse' | 'lottery_update' | 'custom';

/** An automated call: a template spoken to a number, run by hand or on a cron schedule (doc3 'call scenario'). */
@Entity({ schema: 'telephony', name: 'call_scenarios' })
@Index('call_scenarios_user_created_idx', ['userId', 'createdAt'])
export class CallScenarioEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'varchar', length: 200 })
  name!: string;

  @Column({ type: 'text', nullable: true })
  description!: string | null;

  @Column({ name: 'scenario_type', type: 'varchar', length: 32 })
  scenarioType!: ScenarioType;

  @Column({ name: 'message_template', type: 'text' })
  messageTemplate!: string;

  /** E.164. */
  @Column({ name: 'target_phone_number', type: 'varchar', length: 20 })
  targetPhoneNumber!: string;

  @Column({ name: 'schedule_enabled', type: 'boolean', default: false })
  scheduleEnabled!: boolean;

  @Column({ name: 'schedule_cron', type: 'varchar', length: 100, nullable: true })
  scheduleCron!: string | null;

  @Column({ name: 'schedule_timezone', type: 'varchar', length: 100, default: 'America/New_York' })
  scheduleTimezone!: string;

  @Column({ name: 'is_active', type: 'boolean', default: true })
  isActive!: boolean;

  @Column({ name: 'last_executed', type: 'timestamptz', nullable: true })
  lastExecuted!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
