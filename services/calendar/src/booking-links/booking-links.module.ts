import { Module } from '@nestjs/common';
import { BookingLinksHandler } from './booking-links.handler';
import { BookingLinksRepository } from './booking-links.repository';
import { BookingLinksService } from './booking-links.service';

@Module({
  controllers: [BookingLinksHandler],
  providers: [BookingLinksService, BookingLinksRepository],
  exports: [BookingLinksService],
})
export class BookingLinksModule {}
