import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export type CallKind = 'bill_collector' | 'appointment' | 'spam_block' | 'follow_up' | 'missed_call' | 'scenario';
export type CallStatus = 'pending' | 'processing' | 'completed' | 'failed';
export type CallPriority = 'urgent' | 'high' | 'normal' | 'low';

/**
 * One outbound call, from the moment it is queued (the queued call of doc3) to its end (the call log). The BullMQ job
 * that places it has this row's id.
 */
@Entity({ schema: 'telephony', name: 'call_logs' })
@Index('call_logs_user_created_idx', ['userId', 'createdAt'])
@Index('call_logs_run_key_key', ['runKey'], { unique: true })
export class CallLogEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  /** E.164. */
  @Column({ name: 'phone_number', type: 'varchar', length: 20 })
  phoneNumber!: string;

  /** The kind of call (bill_collector, ...), or the scenario type of a scenario's call (good_morning, ...). */
  @Column({ type: 'varchar', length: 32 })
  scenario!: string;

  @Column({ type: 'varchar', length: 16, default: 'normal' })
  priority!: CallPriority;

  @Column({ type: 'varchar', length: 16, default: 'pending' })
  status!: CallStatus;

  /** The kind's fields as the user sent them (company, amount, ...), or a scenario's name and template. */
  @Column({ type: 'jsonb', default: {} })
  payload!: Record<string, string>;

  @Column({ name: 'scenario_id', type: 'uuid', nullable: true })
  scenarioId!: string | null;

  /** A scheduled scenario run's job id: the run queues its call once however often it is retried. */
  @Column({ name: 'run_key', type: 'varchar', length: 200, nullable: true })
  runKey!: string | null;

  @Column({ name: 'scheduled_time', type: 'timestamptz', nullable: true })
  scheduledTime!: Date | null;

  /** The billing month ('YYYY-MM') the call was reserved in, to give it back to when nobody answered. */
  @Column({ name: 'reserved_month', type: 'varchar', length: 7, nullable: true })
  reservedMonth!: string | null;

  /** What the assistant says first (written when the call is placed). */
  @Column({ type: 'text', nullable: true })
  opening!: string | null;

  @Column({ name: 'call_sid', type: 'varchar', length: 64, nullable: true })
  callSid!: string | null;

  /**
   * When the call was last handed to Twilio without its CallSid being known yet: a run of the job that finds it set
   * (its replica died before the answer was saved) looks for that call before it places one.
   */
  @Column({ name: 'dialing_at', type: 'timestamptz', nullable: true })
  dialingAt!: Date | null;

  /** Someone picked up (the provider said in-progress): the call counts even if it fails later. */
  @Column({ type: 'boolean', default: false })
  answered!: boolean;

  @Column({ type: 'integer', nullable: true })
  duration!: number | null;

  @Column({ name: 'error_message', type: 'text', nullable: true })
  errorMessage!: string | null;

  @Column({ type: 'text', nullable: true })
  transcript!: string | null;

  /** The call's result as the assistant reported it on a streamed call (confirmed, rescheduled, promised_payment...). */
  @Column({ type: 'varchar', length: 40, nullable: true })
  outcome!: string | null;

  @Column({ name: 'outcome_details', type: 'text', nullable: true })
  outcomeDetails!: string | null;

  @Column({ name: 'recording_sid', type: 'varchar', length: 64, nullable: true })
  recordingSid!: string | null;

  @Column({ name: 'ended_at', type: 'timestamptz', nullable: true })
  endedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
