import { asList, callApi } from '../../api/client';
import { api } from '../../api/routes';
import { defineActions, orFailed, str } from '../chat-kit/action-kit';

export const actions = defineActions({
  send_discord_message: (args) =>
    orFailed('Discord Error', async () => {
      await callApi(api.chat.discordMessage, { channelId: str(args.channelId), content: str(args.content) });
      return {
        ok: true,
        toast: { title: 'Message Sent', description: 'Your Discord message was sent.', variant: 'success' },
      };
    }),
  get_discord_servers: () =>
    orFailed('Discord Error', async () => {
      const servers = asList(await callApi(api.chat.discordServers));
      if (servers.length === 0)
        return {
          ok: true,
          toast: {
            title: 'No Servers',
            description:
              'You have not added the Jarvis bot to a Discord server yet. Add it on the Discord Setup page.',
          },
        };
      return {
        ok: true,
        card: { kind: 'list', title: 'Discord servers', items: servers.map((s) => ({ primary: s.name })) },
      };
    }),
  get_discord_channels: (args) =>
    orFailed('Discord Error', async () => {
      const channels = asList(await callApi(api.chat.discordChannels, { guildId: str(args.guildId) }));
      if (channels.length === 0)
        return {
          ok: true,
          toast: { title: 'No Channels', description: 'That server has no channels the bot can see.' },
        };
      return {
        ok: true,
        card: {
          kind: 'list',
          title: 'Discord channels',
          items: channels.map((c) => ({ primary: `#${c.name}` })),
        },
      };
    }),
});
