import { Module } from '@nestjs/common';
import { Geocoder } from './geocoder.provider';
import { NominatimAdapter } from './nominatim.adapter';
import { PlacesHandler } from './places.handler';
import { PlacesRepository } from './places.repository';
import { PlacesService } from './places.service';

/** The places reminders name, geocoded through Nominatim, and the near query of location triggers. */
@Module({
  controllers: [PlacesHandler],
  providers: [PlacesService, PlacesRepository, { provide: Geocoder, useClass: NominatimAdapter }],
  exports: [PlacesService],
})
export class PlacesModule {}
