import { Module } from '@nestjs/common';
import { EventsHandler } from './events.handler';
import { EventsProvider } from './events.provider';
import { TicketmasterAdapter } from './ticketmaster.adapter';

@Module({
  controllers: [EventsHandler],
  providers: [{ provide: EventsProvider, useClass: TicketmasterAdapter }],
})
export class EventsModule {}
