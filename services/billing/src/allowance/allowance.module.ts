import { Module } from '@nestjs/common';
import { AllowanceHandler } from './allowance.handler';
import { AllowanceRepository } from './allowance.repository';
import { AllowanceService } from './allowance.service';

@Module({ controllers: [AllowanceHandler], providers: [AllowanceService, AllowanceRepository], exports: [AllowanceService] })
export class AllowanceModule {}
