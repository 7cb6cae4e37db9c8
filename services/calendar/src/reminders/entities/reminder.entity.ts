import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity({ schema: 'calendar', name: 'reminders' })
@Index('reminders_user_done_time_idx', ['userId', 'done', 'reminderTime'])
/** The scheduler's look-up of due reminders; a partial index, created by the migration. */
@Index('reminders_due_idx', { synchronize: false })
export class ReminderEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'varchar', length: 500 })
  title!: string;

  /** What the user typed ('tomorrow morning'), or a readable ET rendering of an exact time. */
  @Column({ name: 'when_text', type: 'varchar', length: 200 })
  whenText!: string;

  /** When to remind; null when `when_text` names no time we could read. */
  @Column({ name: 'reminder_time', type: 'timestamptz', nullable: true })
  reminderTime!: Date | null;

  @Column({ type: 'boolean', default: false })
  done!: boolean;

  /** Set once the due event for the current `reminder_time` was published; cleared when the time changes. */
  @Column({ name: 'due_notified_at', type: 'timestamptz', nullable: true })
  dueNotifiedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
