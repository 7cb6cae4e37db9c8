import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** A message the user wrote: right-aligned, in the primary colour, with its ET time beneath (doc1 §2). */
export function UserMessageBubble({
  content,
  time,
  testId,
}: {
  content: string;
  time: string;
  testId: string;
}) {
  return (
    <Stack alignItems="flex-end" data-testid={testId} data-role="user">
      <Box
        sx={{
          maxWidth: { xs: '88%', sm: '75%' },
          px: 2,
          py: 1.25,
          borderRadius: 3,
          borderBottomRightRadius: 6,
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
        }}
      >
        <Typography
          variant="body2"
          sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', lineHeight: 1.6 }}
        >
          {content}
        </Typography>
      </Box>
      <Typography variant="caption" color="text.secondary" sx={{ mt: 0.5, mr: 0.5 }}>
        {time}
      </Typography>
    </Stack>
  );
}
