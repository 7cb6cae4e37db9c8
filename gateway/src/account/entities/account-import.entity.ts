import { CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { UserEntity } from '../../identity/entities/user.entity';

/** An archive imported into an account (its manifest's SHA-256): importing it again changes nothing. */
@Entity({ schema: 'identity', name: 'account_imports' })
export class AccountImportEntity {
  @PrimaryColumn('uuid', { name: 'user_id' })
  userId!: string;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'account_imports_user_id_fkey' })
  user?: UserEntity;

  @PrimaryColumn('char', { name: 'archive_key', length: 64 })
  archiveKey!: string;

  @CreateDateColumn({ name: 'imported_at', type: 'timestamptz' })
  importedAt!: Date;
}
