import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import TouchAppOutlinedIcon from '@mui/icons-material/TouchAppOutlined';
import type { ChatAction } from '@jarvis/contracts';
import { actionLabel, actionStatus, canRun, hasOpenActions } from './action-state';

export const ACTION_HINT = 'Click a button below to continue';
export const RETRY_HINT = 'Action failed - click to retry';

/**
 * The action buttons under an assistant message (doc1 §4): pending in the primary style, executed green with a
 * tick and disabled, failed red with a cross and retryable. All are disabled while any action runs.
 */
export function ActionButtons({
  actions,
  runningIndex,
  anyRunning,
  onRun,
}: {
  actions: ChatAction[];
  /** The index of this message's action that is running, if any. */
  runningIndex: number | null;
  anyRunning: boolean;
  onRun: (index: number) => void;
}) {
  return (
    <Box data-testid="action-buttons">
      {hasOpenActions(actions) && (
        <Stack direction="row" spacing={0.75} alignItems="center" sx={{ mb: 1, color: 'text.secondary' }}>
          <TouchAppOutlinedIcon sx={{ fontSize: 16 }} />
          <Typography variant="caption">{ACTION_HINT}</Typography>
        </Stack>
      )}
      <Stack direction="row" useFlexGap flexWrap="wrap" spacing={1}>
        {actions.map((action, index) => {
          const status = actionStatus(action);
          const running = runningIndex === index;
          const label = actionLabel(action);
          return (
            <Stack key={`${action.type}-${index}`} spacing={0.5} sx={{ maxWidth: '100%' }}>
              <Button
                size="small"
                variant={status === 'pending' ? 'contained' : status === 'failed' ? 'outlined' : 'contained'}
                color={status === 'executed' ? 'success' : status === 'failed' ? 'error' : 'primary'}
                disabled={!canRun(action, anyRunning)}
                onClick={() => onRun(index)}
                data-status={status}
                data-action-type={action.type}
                aria-label={status === 'failed' ? `${label} (${RETRY_HINT})` : label}
                startIcon={
                  running ? (
                    <CircularProgress size={14} color="inherit" />
                  ) : status === 'executed' ? (
                    <CheckIcon />
                  ) : status === 'failed' ? (
                    <CloseIcon />
                  ) : undefined
                }
                sx={{
                  justifyContent: 'flex-start',
                  textAlign: 'left',
                  maxWidth: '100%',
                  '&.Mui-disabled':
                    status === 'executed'
                      ? { bgcolor: 'success.main', color: 'success.contrastText', opacity: 0.9 }
                      : {},
                }}
              >
                <Box
                  component="span"
                  sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                >
                  {label}
                </Box>
              </Button>
              {status === 'failed' && (
                <Typography variant="caption" color="error" sx={{ pl: 0.5 }}>
                  {RETRY_HINT}
                </Typography>
              )}
            </Stack>
          );
        })}
      </Stack>
    </Box>
  );
}
