import { runService } from '@jarvis/platform';
import { AppModule } from './app.module';

runService('mail', AppModule);
