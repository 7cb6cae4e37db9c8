import { Module } from '@nestjs/common';
import { ModelModule } from '../model/model.module';
import { PersonasHandler } from './personas.handler';
import { PersonasRepository } from './personas.repository';
import { PersonasService } from './personas.service';

@Module({
  imports: [ModelModule],
  controllers: [PersonasHandler],
  providers: [PersonasService, PersonasRepository],
  exports: [PersonasService],
})
export class PersonasModule {}
