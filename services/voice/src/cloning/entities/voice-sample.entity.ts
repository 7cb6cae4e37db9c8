import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A recorded sample kept until its clone job has sent it, so a restart does not lose the job's input. */
@Entity({ schema: 'voice', name: 'voice_samples' })
@Index('voice_samples_clone_idx', ['cloneId'])
export class VoiceSampleEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'clone_id', type: 'uuid' })
  cloneId!: string;

  @Column({ type: 'smallint' })
  position!: number;

  @Column({ name: 'content_type', type: 'varchar', length: 100 })
  contentType!: string;

  @Column({ type: 'bytea' })
  data!: Buffer;
}
