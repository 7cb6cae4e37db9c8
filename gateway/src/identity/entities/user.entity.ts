import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity({ schema: 'identity', name: 'users' })
@Index('users_username_lower_key', { synchronize: false })
@Check('users_tier_check', `"subscription_tier" IN ('free', 'premium', 'enterprise')`)
export class UserEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** Unique regardless of case (a functional index on lower(username), created by the migration). */
  @Column({ type: 'varchar', length: 64, nullable: true })
  username!: string | null;

  @Column({ type: 'varchar', length: 254, nullable: true })
  email!: string | null;

  /** When `email` was proven the user's (its link followed, or Google gave it); null while it is not. */
  @Column({ name: 'email_verified_at', type: 'timestamptz', nullable: true })
  emailVerifiedAt!: Date | null;

  /** argon2id; null for quick-access and Google-only accounts. */
  @Column({ name: 'password_hash', type: 'varchar', length: 255, nullable: true })
  passwordHash!: string | null;

  @Index('users_google_id_key', { unique: true })
  @Column({ name: 'google_id', type: 'varchar', length: 64, nullable: true })
  googleId!: string | null;

  @Column({ name: 'first_name', type: 'varchar', length: 100, nullable: true })
  firstName!: string | null;

  @Column({ name: 'last_name', type: 'varchar', length: 100, nullable: true })
  lastName!: string | null;

  @Column({ name: 'profile_image_url', type: 'varchar', length: 1000, nullable: true })
  profileImageUrl!: string | null;

  @Column({ name: 'terms_accepted', type: 'boolean', default: false })
  termsAccepted!: boolean;

  @Column({ name: 'terms_accepted_email', type: 'varchar', length: 254, nullable: true })
  termsAcceptedEmail!: string | null;

  @Column({ name: 'terms_accepted_at', type: 'timestamptz', nullable: true })
  termsAcceptedAt!: Date | null;

  @Column({ name: 'onboarding_completed', type: 'boolean', default: false })
  onboardingCompleted!: boolean;

  @Column({ name: 'subscription_tier', type: 'varchar', length: 20, default: 'free' })
  subscriptionTier!: string;

  @Column({ name: 'stripe_customer_id', type: 'varchar', length: 100, nullable: true })
  stripeCustomerId!: string | null;

  @Column({ name: 'theme_mode', type: 'varchar', length: 10, default: 'light' })
  themeMode!: string;

  @Column({ name: 'theme_color', type: 'varchar', length: 10, default: 'blue' })
  themeColor!: string;

  /** Set when the user deleted the account: nobody signs in to it while the services erase its data, then the row goes. */
  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
