import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { BubbleImage } from './chat-message';

/** A message the user wrote: right-aligned, in the primary colour, with its ET time beneath (doc1 §2). */
export function UserMessageBubble({
  content,
  time,
  testId,
  image,
}: {
  content: string;
  time: string;
  testId: string;
  image?: BubbleImage | null;
}) {
  const failed = Boolean(image?.errorCode);
  return (
    <Stack
      alignItems="flex-end"
      data-testid={testId}
      data-role="user"
      data-image-state={image ? (image.loading ? 'loading' : failed ? 'error' : 'done') : undefined}
      data-error-code={image?.errorCode}
    >
      <Box
        sx={{
          maxWidth: { xs: '88%', sm: '75%' },
          px: image ? 1 : 2,
          py: image ? 1 : 1.25,
          borderRadius: 3,
          borderBottomRightRadius: 6,
          bgcolor: failed ? 'error.main' : 'primary.main',
          color: failed ? 'error.contrastText' : 'primary.contrastText',
        }}
      >
        {image && (
          <Box sx={{ position: 'relative' }}>
            <Box
              component="img"
              src={image.src}
              alt="Uploaded image"
              data-testid="message-image"
              sx={{
                display: 'block',
                maxWidth: '100%',
                maxHeight: 240,
                borderRadius: 2,
                opacity: image.loading ? 0.6 : 1,
              }}
            />
            {image.loading && (
              <Stack
                direction="row"
                spacing={1}
                alignItems="center"
                role="status"
                sx={{
                  position: 'absolute',
                  left: 8,
                  bottom: 8,
                  px: 1,
                  py: 0.5,
                  borderRadius: 2,
                  bgcolor: 'rgba(0,0,0,0.6)',
                  color: 'common.white',
                }}
              >
                <CircularProgress size={14} color="inherit" />
                <Typography variant="caption">Analyzing image...</Typography>
              </Stack>
            )}
          </Box>
        )}
        {content && (
          <Typography
            variant="body2"
            sx={{
              whiteSpace: 'pre-wrap',
              overflowWrap: 'anywhere',
              lineHeight: 1.6,
              px: image ? 1 : 0,
              pt: image ? 0.75 : 0,
            }}
          >
            {content}
          </Typography>
        )}
      </Box>
      <Typography variant="caption" color="text.secondary" sx={{ mt: 0.5, mr: 0.5 }}>
        {time}
      </Typography>
    </Stack>
  );
}
