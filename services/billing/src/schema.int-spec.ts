import { describeSchemaDrift } from '@jarvis/testing';
import { AppModule } from './app.module';

describeSchemaDrift('billing', AppModule);
