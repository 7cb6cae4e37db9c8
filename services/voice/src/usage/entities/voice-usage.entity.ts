import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Seconds transcribed and characters spoken by one user in one month (UTC, 'YYYY-MM'), for plans to read. */
@Entity({ schema: 'voice', name: 'voice_usage' })
export class VoiceUsageEntity {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @PrimaryColumn({ type: 'char', length: 7 })
  month!: string;

  @Column({ name: 'seconds_transcribed', type: 'double precision', default: 0 })
  secondsTranscribed!: number;

  @Column({ name: 'characters_spoken', type: 'integer', default: 0 })
  charactersSpoken!: number;
}
