import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One contact-form message accepted from a visitor (their IP address, or their account without one), kept for an
 * hour to limit how many one visitor sends (`ContactRateLimiter`).
 */
@Entity({ schema: 'notifications', name: 'contact_attempts' })
@Index('contact_attempts_visitor_idx', ['visitor', 'createdAt'])
export class ContactAttemptEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** `ip:<address>` (an IPv6 address by its /64), `user:<id>`, or `unknown`. */
  @Column({ type: 'varchar', length: 100 })
  visitor!: string;

  @Index('contact_attempts_created_at_idx')
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
