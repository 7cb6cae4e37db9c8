import { describeSchemaDrift } from '@jarvis/testing';
import { AppModule } from './app.module';

describeSchemaDrift('voice', AppModule);
