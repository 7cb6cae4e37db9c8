import { type LoopbackFake, startLoopback } from '@jarvis/testing';

export const GUILD_ID = '123456789012345678';
export const CHANNEL_ID = '223456789012345678';

/** Discord REST v10 for a bot: checks `Authorization: Bot <token>`; unknown guilds and channels are 404. */
export function startDiscordFake(token: string): Promise<LoopbackFake> {
  return startLoopback((req) => {
    if (req.headers.authorization !== `Bot ${token}`) return { status: 401, body: { message: '401: Unauthorized', code: 0 } };
    if (req.method === 'GET' && req.path === '/users/@me/guilds') {
      return { body: [{ id: GUILD_ID, name: 'Friends', icon: null, owner: false, permissions: '0' }] };
    }
    if (req.method === 'GET' && req.path === `/guilds/${GUILD_ID}/channels`) {
      return {
        body: [
          { id: '3', name: 'voice-chat', type: 2, position: 0 },
          { id: '2', name: 'random', type: 0, position: 2 },
          { id: CHANNEL_ID, name: 'general', type: 0, position: 1 },
          { id: '4', name: 'Text Channels', type: 4, position: 0 },
        ],
      };
    }
    if (req.method === 'POST' && req.path === `/channels/${CHANNEL_ID}/messages`) {
      return { body: { id: '999000111222333444', channel_id: CHANNEL_ID, content: req.body.content } };
    }
    return { status: 404, body: { message: 'Unknown Channel', code: 10003 } };
  });
}
