import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When a call was last handed to Twilio while its CallSid is not known yet (issue 21): a job run again after its
 * replica died in that window looks the call up instead of placing it twice.
 */
export class AddCallDialing1764741823907 implements MigrationInterface {
  name = 'AddCallDialing1764741823907';

  async up(q: QueryRunner) {
    await q.query(`ALTER TABLE "telephony"."call_logs" ADD "dialing_at" TIMESTAMP WITH TIME ZONE`);
  }

  async down(q: QueryRunner) {
    await q.query(`ALTER TABLE "telephony"."call_logs" DROP COLUMN "dialing_at"`);
  }
}
