import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Outgoing calls a user reserved in one calendar month of New York ('2026-11'). */
@Entity({ schema: 'billing', name: 'call_usage' })
export class CallUsageEntity {
  @PrimaryColumn('uuid', { name: 'user_id' })
  userId!: string;

  @PrimaryColumn('varchar', { length: 7 })
  month!: string;

  @Column('int', { name: 'outgoing_calls', default: 0 })
  outgoingCalls!: number;
}
