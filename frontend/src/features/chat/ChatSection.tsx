import { Suspense, useCallback, useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import CloseIcon from '@mui/icons-material/Close';
import type { User } from '@jarvis/contracts';
import { useToast } from '../../components/toast/toast-context';
import { LazyDrawer } from '../../components/LazyDrawer';
import { lazyNamed } from '../../components/lazy-named';
import { MOBILE_MEDIA_QUERY } from '../../theme/theme';
import { displayNameOf } from '../auth/user-display';
import { useVoiceState } from '../voice/voice-store';
import { ChatHeader } from './ChatHeader';
import { ChatInput } from './ChatInput';
import { ChatSidebar } from './ChatSidebar';
import { NO_MESSAGES_TOAST } from '../../state/chat-message';
import { getChatSession, queueChatMessage } from '../../state/chat-session';
import { MessageList } from './MessageList';
import { moodOf } from '../../state/mood';
import { useChat } from './use-chat';

const SIDEBAR_WIDTH = 300;

// The dialogs load the first time they are opened, and stay mounted after so they close with their animation.
const SaveConversationDialog = lazyNamed(() => import('./SaveConversationDialog'), 'SaveConversationDialog');
const PersonalityDialog = lazyNamed(() => import('./PersonalityDialog'), 'PersonalityDialog');
const ClickToHearButton = lazyNamed(() => import('../voice/ClickToHearButton'), 'ClickToHearButton');
const CareerDialog = lazyNamed(() => import('./CareerDialog'), 'CareerDialog');
type ChatDialog = 'save' | 'personality' | 'career';

/** The chat section (default): the conversation with Jarvis and, beside it, the right sidebar (a drawer on mobile). */
export function ChatSection({ user }: { user: User }) {
  const theme = useTheme();
  const { toast } = useToast();
  const isMobile = useMediaQuery(MOBILE_MEDIA_QUERY, { noSsr: true });
  const sidebarInline = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const chat = useChat(user.id);
  const { session } = chat;
  const voice = useVoiceState();
  const [dialog, setDialogState] = useState<ChatDialog | null>(null);
  const [opened, setOpened] = useState<ReadonlySet<ChatDialog>>(new Set());
  const setDialog = (next: ChatDialog | null) => {
    setDialogState(next);
    if (next && !opened.has(next)) setOpened(new Set([...opened, next]));
  };
  const [sidebarOpen, setSidebarOpenState] = useState(false);
  const [sidebarOpened, setSidebarOpened] = useState(false);
  const setSidebarOpen = (open: boolean) => {
    setSidebarOpenState(open);
    if (open) setSidebarOpened(true);
  };

  // One request at a time (doc1: sending is blocked while loading), and no message is lost to it: what is entered
  // while a reply is on its way, and whispers accepted in the navigation (`addChatMessage` events), wait in the
  // outbox and are sent one at a time as each reply completes. The store, not this render, says whether a reply is
  // on its way: Enter can come between the reply completing and the screen showing it.
  const { sending, outbox } = session;
  const { takeOutbox, send } = chat;
  useEffect(() => {
    if (sending || outbox.length === 0) return;
    const next = takeOutbox();
    if (next) void send(next);
  }, [sending, outbox, takeOutbox, send]);
  const sendOrQueue = useCallback(
    async (text: string) => (getChatSession().sending ? queueChatMessage(text) : send(text)),
    [send],
  );

  const mood = moodOf({
    transient: session.transientMood,
    requestInFlight: session.sending || voice.transcribing,
    recording: voice.recording,
    voiceModeOn: voice.wakeMode || voice.continuousMode,
    hasMessages: session.messages.length > 0,
  });
  const savable = session.messages.filter((m) => !m.localOnly).map((m) => m.id);
  const name = user.firstName?.trim() || displayNameOf(user);

  const openSave = () => {
    if (savable.length === 0) toast({ ...NO_MESSAGES_TOAST, variant: 'destructive' });
    else setDialog('save');
  };

  return (
    <Box
      data-testid="section-chat"
      sx={{
        display: 'flex',
        gap: 3,
        alignItems: 'flex-start',
        // Fill the window below the shell's padding so the input sits at the bottom even in an empty chat.
        minHeight: isMobile ? 'calc(100dvh - 128px)' : 'calc(100dvh - 88px)',
      }}
    >
      <Stack data-tour="chat" sx={{ flex: 1, minWidth: 0, alignSelf: 'stretch' }}>
        <ChatHeader
          mood={mood}
          compact={isMobile}
          showSidebarButton={!sidebarInline}
          onPersonality={() => setDialog('personality')}
          onCareer={() => setDialog('career')}
          onSidebar={() => setSidebarOpen(true)}
        />
        <MessageList
          name={name}
          messages={session.messages}
          sending={session.sending}
          historyLoading={session.historyLoading}
          runningAction={session.runningAction}
          onLoadHistory={() => void chat.loadHistory()}
          onRunAction={(messageId, index) => void chat.runAction(messageId, index)}
          onCloseCard={chat.dismissCard}
        />
        <Box
          sx={{
            position: 'sticky',
            bottom: 0,
            pt: 1,
            pb: { xs: 1, sm: 2 },
            bgcolor: 'background.default',
            zIndex: 1,
          }}
        >
          <ChatInput
            sending={session.sending}
            onSend={sendOrQueue}
            onNewChat={chat.newChat}
            onSave={openSave}
          />
        </Box>
      </Stack>
      {sidebarInline ? (
        <Box
          component="aside"
          aria-label="Reminders, insights and memory"
          sx={{
            width: SIDEBAR_WIDTH,
            flexShrink: 0,
            position: 'sticky',
            top: 24,
            maxHeight: 'calc(100vh - 48px)',
            overflowY: 'auto',
          }}
        >
          <ChatSidebar />
        </Box>
      ) : (
        sidebarOpened && (
          <LazyDrawer
            anchor="right"
            open={sidebarOpen}
            onClose={() => setSidebarOpen(false)}
            slotProps={{ paper: { sx: { width: { xs: '100%', sm: 360 }, bgcolor: 'background.default' } } }}
          >
            <Stack direction="row" alignItems="center" sx={{ px: 2, py: 1.5 }}>
              <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, flexGrow: 1 }}>
                Reminders &amp; memory
              </Typography>
              <IconButton aria-label="Close sidebar" onClick={() => setSidebarOpen(false)}>
                <CloseIcon />
              </IconButton>
            </Stack>
            <Box sx={{ px: 2, pb: 2 }}>
              <ChatSidebar />
            </Box>
          </LazyDrawer>
        )
      )}
      <Suspense fallback={null}>
        {voice.blockedPlayback && <ClickToHearButton />}
        {opened.has('save') && (
          <SaveConversationDialog
            open={dialog === 'save'}
            messageIds={savable}
            onClose={() => setDialog(null)}
          />
        )}
        {opened.has('personality') && (
          <PersonalityDialog open={dialog === 'personality'} onClose={() => setDialog(null)} />
        )}
        {opened.has('career') && <CareerDialog open={dialog === 'career'} onClose={() => setDialog(null)} />}
      </Suspense>
    </Box>
  );
}
