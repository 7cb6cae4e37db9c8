import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export interface ActionItem {
  task: string;
  completed: boolean;
  priority: string;
}

/** What a call or a text left for the user (doc2 phone message). */
@Entity({ schema: 'telephony', name: 'phone_messages' })
@Index('phone_messages_user_created_idx', ['userId', 'createdAt'])
export class PhoneMessageEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  /** The CallSid or MessageSid it came from: Twilio's retries never make a second message. */
  @Column({ name: 'source_sid', type: 'varchar', length: 64, unique: true })
  sourceSid!: string;

  @Column({ name: 'caller_name', type: 'varchar', length: 200, nullable: true })
  callerName!: string | null;

  @Column({ name: 'caller_number', type: 'varchar', length: 32 })
  callerNumber!: string;

  @Column({ name: 'message_type', type: 'varchar', length: 32, default: 'other' })
  messageType!: string;

  @Column({ type: 'varchar', length: 16, default: 'normal' })
  priority!: string;

  @Column({ type: 'varchar', length: 16, default: 'new' })
  status!: string;

  @Column({ type: 'integer', nullable: true })
  duration!: number | null;

  @Column({ type: 'text', nullable: true })
  transcript!: string | null;

  @Column({ name: 'jarvis_response', type: 'text', nullable: true })
  jarvisResponse!: string | null;

  @Column({ name: 'recording_sid', type: 'varchar', length: 64, nullable: true })
  recordingSid!: string | null;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  tags!: string[];

  @Column({ name: 'action_items', type: 'jsonb', default: () => "'[]'" })
  actionItems!: ActionItem[];

  @Column({ type: 'text', nullable: true })
  notes!: string | null;

  @Column({ name: 'follow_up_needed', type: 'boolean', default: false })
  followUpNeeded!: boolean;

  @Column({ name: 'callback_requested', type: 'boolean', default: false })
  callbackRequested!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
