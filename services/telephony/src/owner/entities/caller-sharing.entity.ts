import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * What the owner lets the phone agent tell callers (and the people it calls): a row once the owner changed the
 * defaults on the phone line card. Memories and reminder titles have no switch: they never reach a call.
 */
@Entity({ schema: 'telephony', name: 'caller_sharing' })
export class CallerSharingEntity {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  /** The owner's first name ('Ann's personal assistant'). */
  @Column({ name: 'share_name', type: 'boolean', default: true })
  shareName!: boolean;

  /** When the owner is busy today (the times of today's reminders, never their titles). */
  @Column({ name: 'share_availability', type: 'boolean', default: true })
  shareAvailability!: boolean;

  /** What the owner taught their AI twin: facts, way of speaking, boundaries. */
  @Column({ name: 'share_twin_facts', type: 'boolean', default: false })
  shareTwinFacts!: boolean;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
