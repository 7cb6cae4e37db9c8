import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** One like or dislike per message and user; a second vote replaces the first. */
@Check('message_feedback_type_check', `"feedback_type" IN ('like', 'dislike')`)
@Entity({ schema: 'chat', name: 'message_feedback' })
@Index('message_feedback_user_message_key', ['userId', 'messageId'], { unique: true })
export class MessageFeedbackEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'message_id', type: 'uuid' })
  messageId!: string;

  /** like or dislike. */
  @Column({ name: 'feedback_type', type: 'varchar', length: 10 })
  feedbackType!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
