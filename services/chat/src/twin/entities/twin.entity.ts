import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

export interface TwinProfile {
  voice_summary: string;
  tone_adjectives: string[];
}

/** The caller's AI twin: the writing samples it learnt from and the voice profile it produced. */
@Entity({ schema: 'chat', name: 'twins' })
export class TwinEntity {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'jsonb' })
  samples!: string[];

  @Column({ type: 'text' })
  facts!: string;

  @Column({ type: 'text' })
  boundaries!: string;

  @Column({ type: 'jsonb', nullable: true })
  profile!: TwinProfile | null;

  @Column({ name: 'trained_at', type: 'timestamptz', nullable: true })
  trainedAt!: Date | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
