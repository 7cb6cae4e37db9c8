import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ClearIcon from '@mui/icons-material/Clear';
import InboxOutlinedIcon from '@mui/icons-material/InboxOutlined';
import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import SearchIcon from '@mui/icons-material/Search';
import { EmptyState } from '../../components/ListStates';
import { LoadedList } from '../../components/LoadedList';
import { EmailDetail } from './EmailDetail';
import { EmailListItem } from './EmailListItem';
import { MailExpiredNotice } from './MailExpiredNotice';
import { isMailConnectionExpired } from './mail-errors';
import { useEmailList } from './use-emails';

/** The connected inbox: a search box (Gmail syntax), the newest messages, and the open one beside or instead. */
export function EmailInbox() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const openId = params.get('message');
  const [draft, setDraft] = useState(q);
  const list = useEmailList(q);
  const messages = list.data?.pages.flatMap((page) => page?.messages ?? []) ?? [];

  const setParam = (name: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: name === 'q' },
    );
  const search = (event: FormEvent) => {
    event.preventDefault();
    setParam('q', draft.trim() || null);
  };
  const clear = () => {
    setDraft('');
    setParam('q', null);
  };

  if (list.isError && isMailConnectionExpired(list.error)) return <MailExpiredNotice />;

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(300px, 380px) minmax(0, 1fr)' },
        alignItems: 'start',
      }}
    >
      <Stack spacing={2} sx={{ display: { xs: openId ? 'none' : 'flex', md: 'flex' }, minWidth: 0 }}>
        <Box component="form" role="search" onSubmit={search}>
          <TextField
            fullWidth
            size="small"
            type="search"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            placeholder="Search mail"
            slotProps={{
              htmlInput: { 'aria-label': 'Search mail' },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
                endAdornment: q ? (
                  <InputAdornment position="end">
                    <IconButton size="small" aria-label="Clear search" onClick={clear} edge="end">
                      <ClearIcon fontSize="small" />
                    </IconButton>
                  </InputAdornment>
                ) : undefined,
              },
            }}
          />
        </Box>
        <Paper variant="outlined" sx={{ borderRadius: 3, overflow: 'hidden', position: 'relative' }}>
          {list.isFetching && !list.isLoading && (
            <LinearProgress
              sx={{ position: 'absolute', top: 0, left: 0, right: 0 }}
              aria-label="Refreshing"
            />
          )}
          <LoadedList
            query={list}
            items={messages}
            what="emails"
            skeletonHeight={72}
            skeletons={6}
            empty={
              <EmptyState
                icon={q ? <SearchIcon fontSize="large" /> : <InboxOutlinedIcon fontSize="large" />}
                title={q ? 'No emails found' : 'Your inbox is empty'}
              >
                <Typography color="text.secondary" sx={{ mt: 0.5 }}>
                  {q ? `Nothing matches "${q}".` : 'New messages will show up here.'}
                </Typography>
              </EmptyState>
            }
          >
            {(items) => (
              <>
                <List disablePadding aria-label="Inbox" data-testid="email-list">
                  {items.map((message) => (
                    <EmailListItem
                      key={message.id}
                      message={message}
                      selected={message.id === openId}
                      onOpen={() => setParam('message', message.id)}
                    />
                  ))}
                </List>
                {list.hasNextPage && (
                  <Button
                    fullWidth
                    disabled={list.isFetchingNextPage}
                    onClick={() => void list.fetchNextPage()}
                    sx={{ py: 1.5, borderRadius: 0 }}
                  >
                    {list.isFetchingNextPage ? 'Loading...' : 'Load more'}
                  </Button>
                )}
              </>
            )}
          </LoadedList>
        </Paper>
      </Stack>
      <Box sx={{ display: { xs: openId ? 'block' : 'none', md: 'block' }, minWidth: 0 }}>
        {openId ? (
          <EmailDetail key={openId} messageId={openId} onBack={() => setParam('message', null)} />
        ) : (
          <Paper
            variant="outlined"
            sx={{
              p: 5,
              borderRadius: 3,
              textAlign: 'center',
              color: 'text.secondary',
              borderStyle: 'dashed',
            }}
          >
            <MarkEmailReadOutlinedIcon fontSize="large" sx={{ mb: 1 }} />
            <Typography>Select a message to read it here.</Typography>
          </Paper>
        )}
      </Box>
    </Box>
  );
}
