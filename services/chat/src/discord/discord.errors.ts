import { NotFoundError } from '@jarvis/contracts';

/** A server the caller did not add the bot to: 404 whether or not the bot is in it. */
export class DiscordServerNotFoundError extends NotFoundError {
  constructor() {
    super('Discord server');
  }
}

/** A channel outside the caller's servers: 404 whether or not the bot can see it. */
export class DiscordChannelNotFoundError extends NotFoundError {
  constructor() {
    super('Discord channel');
  }
}
