import { Module } from '@nestjs/common';
import { ModelModule } from '../model/model.module';
import { ImageRateLimiter } from './image-rate-limiter';
import { VisionHandler } from './vision.handler';
import { VisionService } from './vision.service';

@Module({ imports: [ModelModule], controllers: [VisionHandler], providers: [VisionService, ImageRateLimiter] })
export class VisionModule {}
