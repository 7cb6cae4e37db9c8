import type { MigrationInterface, QueryRunner } from 'typeorm';

/** What a streamed outbound call achieved, as the assistant reported it (issue 20: report_outcome). */
export class AddCallOutcome1764734651207 implements MigrationInterface {
  name = 'AddCallOutcome1764734651207';

  async up(q: QueryRunner) {
    await q.query(`ALTER TABLE "telephony"."call_logs" ADD "outcome" character varying(40)`);
    await q.query(`ALTER TABLE "telephony"."call_logs" ADD "outcome_details" text`);
  }

  async down(q: QueryRunner) {
    await q.query(`ALTER TABLE "telephony"."call_logs" DROP COLUMN "outcome_details"`);
    await q.query(`ALTER TABLE "telephony"."call_logs" DROP COLUMN "outcome"`);
  }
}
