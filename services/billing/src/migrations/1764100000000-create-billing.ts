import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateBilling1764100000000 implements MigrationInterface {
  name = 'CreateBilling1764100000000';

  async up(q: QueryRunner) {
    await q.query(`CREATE TABLE "billing"."customers" (
      "user_id" uuid NOT NULL,
      "stripe_customer_id" character varying(255) NOT NULL,
      "tier" character varying(20) NOT NULL DEFAULT 'free',
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "customers_pkey" PRIMARY KEY ("user_id"),
      CONSTRAINT "customers_stripe_customer_id_key" UNIQUE ("stripe_customer_id"))`);
    await q.query(`CREATE TABLE "billing"."subscriptions" (
      "stripe_subscription_id" character varying(255) NOT NULL,
      "user_id" uuid NOT NULL,
      "status" character varying(40) NOT NULL,
      "price_id" character varying(255),
      "tier" character varying(20) NOT NULL,
      "subscription_created_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      "event_created_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      CONSTRAINT "subscriptions_pkey" PRIMARY KEY ("stripe_subscription_id"))`);
    await q.query(`CREATE INDEX "subscriptions_user_id_idx" ON "billing"."subscriptions" ("user_id")`);
    await q.query(`CREATE TABLE "billing"."call_usage" (
      "user_id" uuid NOT NULL,
      "month" character varying(7) NOT NULL,
      "outgoing_calls" integer NOT NULL DEFAULT 0,
      CONSTRAINT "call_usage_pkey" PRIMARY KEY ("user_id", "month"))`);
  }

  async down(q: QueryRunner) {
    await q.query(`DROP TABLE "billing"."call_usage"`);
    await q.query(`DROP TABLE "billing"."subscriptions"`);
    await q.query(`DROP TABLE "billing"."customers"`);
  }
}
