import { Module } from '@nestjs/common';
import { DeliveryModule } from '../delivery/delivery.module';
import { InboxModule } from '../inbox/inbox.module';
import { LocationHandler } from './location.handler';
import { LocationRepository } from './location.repository';
import { LocationService } from './location.service';

@Module({ imports: [InboxModule, DeliveryModule], controllers: [LocationHandler], providers: [LocationService, LocationRepository], exports: [LocationService] })
export class LocationModule {}
