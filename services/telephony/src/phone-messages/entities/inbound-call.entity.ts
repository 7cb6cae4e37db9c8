import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A call that reached a user's line, by Twilio's CallSid: later callbacks (status, recording) carry only the sid. */
@Entity({ schema: 'telephony', name: 'inbound_calls' })
export class InboundCallEntity {
  @PrimaryColumn({ name: 'call_sid', type: 'varchar', length: 64 })
  callSid!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'from_number', type: 'varchar', length: 32 })
  fromNumber!: string;

  @Column({ name: 'to_number', type: 'varchar', length: 32 })
  toNumber!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
