import { Module } from '@nestjs/common';
import { ShortcutsHandler } from './shortcuts.handler';
import { ShortcutsRepository } from './shortcuts.repository';
import { ShortcutsService } from './shortcuts.service';

@Module({
  controllers: [ShortcutsHandler],
  providers: [ShortcutsService, ShortcutsRepository],
  exports: [ShortcutsService],
})
export class ShortcutsModule {}
