import { Module } from '@nestjs/common';
import { RemindersModule } from '../reminders/reminders.module';
import { Geocoder } from './geocoder.provider';
import { NominatimAdapter } from './nominatim.adapter';
import { PlaceSuggestionsService } from './place-suggestions.service';
import { PlacesHandler } from './places.handler';
import { PlacesRepository } from './places.repository';
import { PlacesService } from './places.service';

/** The places reminders name, geocoded through Nominatim, the near query of location triggers, and place suggestions. */
@Module({
  imports: [RemindersModule],
  controllers: [PlacesHandler],
  providers: [PlacesService, PlaceSuggestionsService, PlacesRepository, { provide: Geocoder, useClass: NominatimAdapter }],
  exports: [PlacesService],
})
export class PlacesModule {}
