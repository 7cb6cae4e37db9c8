import { Module } from '@nestjs/common';
import { PerplexityAdapter } from './perplexity.adapter';
import { WebSearchHandler } from './web-search.handler';
import { WebSearchProvider } from './web-search.provider';

@Module({
  controllers: [WebSearchHandler],
  providers: [{ provide: WebSearchProvider, useClass: PerplexityAdapter }],
})
export class WebSearchModule {}
