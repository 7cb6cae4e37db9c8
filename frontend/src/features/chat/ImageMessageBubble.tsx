import type { ChatAction } from '@jarvis/contracts';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** The image of a question about an image: the picture, 'Analyzing image...' while loading, or the failure. */
export interface BubbleImage {
  src: string;
  loading: boolean;
  errorCode?: string;
}

/** The image a user message carries in its image_analysis action (doc1 §3), if any. */
export function bubbleImageOf(actions: readonly ChatAction[] | undefined): BubbleImage | null {
  const args = actions?.find((a) => a.type === 'image_analysis')?.args;
  if (!args || typeof args.imageData !== 'string') return null;
  return {
    src: args.imageData,
    loading: args.loading === true,
    ...(typeof args.errorCode === 'string' ? { errorCode: args.errorCode } : {}),
  };
}

/**
 * A question about an image (doc1 §2, §4): the picture with 'Analyzing image...' over it while Jarvis looks, the
 * prompt beneath, red when the analysis failed; right-aligned with its ET time like every user message.
 */
export function ImageMessageBubble({
  content,
  time,
  testId,
  actions,
}: {
  content: string;
  time: string;
  testId: string;
  actions: readonly ChatAction[];
}) {
  const image = bubbleImageOf(actions);
  // Loaded from the history the question reads '[Image] prompt'; the picture says the first part.
  const text = content.replace(/^\[Image\]\s*/, '');
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
          p: 1,
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
        {text && (
          <Typography
            variant="body2"
            sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', lineHeight: 1.6, px: 1, pt: 0.75 }}
          >
            {text}
          </Typography>
        )}
      </Box>
      <Typography variant="caption" color="text.secondary" sx={{ mt: 0.5, mr: 0.5 }}>
        {time}
      </Typography>
    </Stack>
  );
}
