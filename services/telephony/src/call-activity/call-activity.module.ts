import { Module } from '@nestjs/common';
import { CallActivity } from './call-activity.service';

/** Calls in progress and ended, for operators' dashboards (`jarvis_calls_active`, `jarvis_calls_total`). */
@Module({ providers: [CallActivity], exports: [CallActivity] })
export class CallActivityModule {}
