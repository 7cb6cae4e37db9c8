import { Controller } from '@nestjs/common';
import { api } from '@jarvis/contracts';
import { Handles, type HandlerInput } from '@jarvis/platform';
import { WebSearchProvider } from './web-search.provider';

@Controller()
export class WebSearchHandler {
  constructor(private readonly search: WebSearchProvider) {}

  @Handles(api.chat.webSearch)
  webSearch({ data }: HandlerInput<typeof api.chat.webSearch>) {
    return this.search.search(data.query, data.searchRecency);
  }
}
