import { Module } from '@nestjs/common';
import { InboxModule } from '../inbox/inbox.module';
import { LocationHandler } from './location.handler';
import { LocationRepository } from './location.repository';
import { LocationService } from './location.service';

@Module({ imports: [InboxModule], controllers: [LocationHandler], providers: [LocationService, LocationRepository] })
export class LocationModule {}
