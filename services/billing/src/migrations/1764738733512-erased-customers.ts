import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 22: the Stripe customers of deleted accounts, so a later webhook about one makes no rows again. */
export class ErasedCustomers1764738733512 implements MigrationInterface {
  name = 'ErasedCustomers1764738733512';

  async up(q: QueryRunner) {
    await q.query(`CREATE TABLE "billing"."erased_customers" (
      "stripe_customer_id" character varying(255) NOT NULL,
      "erased_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "erased_customers_pkey" PRIMARY KEY ("stripe_customer_id")
    )`);
  }

  async down(q: QueryRunner) {
    await q.query(`DROP TABLE "billing"."erased_customers"`);
  }
}
