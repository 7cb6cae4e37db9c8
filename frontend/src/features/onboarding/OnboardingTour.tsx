import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Portal from '@mui/material/Portal';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import CloseIcon from '@mui/icons-material/Close';
import LightbulbOutlinedIcon from '@mui/icons-material/LightbulbOutlined';
import { ONBOARDING_STEPS, placeCard, type Rect } from './onboarding-steps';

const CARD_WIDTH = 360;
const HIGHLIGHT_PADDING = 6;

function visibleRect(selector: string | undefined): Rect | null {
  if (!selector) return null;
  const element = document.querySelector(selector);
  if (!element) return null;
  const r = element.getBoundingClientRect();
  const offscreen =
    r.right <= 0 || r.bottom <= 0 || r.left >= window.innerWidth || r.top >= window.innerHeight;
  if (r.width === 0 || r.height === 0 || offscreen) return null;
  return { top: r.top, left: r.left, width: r.width, height: r.height };
}

export interface OnboardingTourProps {
  /** Skip (close icon) and Complete both end the tour. */
  onFinish: () => void;
}

/**
 * The eight-step guided tour. A step with a target highlights that element, dims the rest of the page and places
 * its card beside it; a step without a target (or whose target is hidden) shows a centred card on a dimmed page.
 */
export function OnboardingTour({ onFinish }: OnboardingTourProps) {
  const [index, setIndex] = useState(0);
  const [rect, setRect] = useState<Rect | null>(null);
  const [cardHeight, setCardHeight] = useState(280);
  const cardRef = useRef<HTMLDivElement>(null);
  const step = ONBOARDING_STEPS[index];
  const total = ONBOARDING_STEPS.length;
  const last = index === total - 1;

  // Track the target's position: on step change, resize and scroll.
  useEffect(() => {
    const element = step.target ? document.querySelector(step.target) : null;
    element?.scrollIntoView?.({ block: 'nearest' });
    let frame = 0;
    const measure = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        setRect(visibleRect(step.target));
        if (cardRef.current) setCardHeight(cardRef.current.offsetHeight);
      });
    };
    measure();
    window.addEventListener('resize', measure);
    window.addEventListener('scroll', measure, true);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('resize', measure);
      window.removeEventListener('scroll', measure, true);
    };
  }, [step.target]);

  const viewport = { width: window.innerWidth, height: window.innerHeight };
  const cardWidth = Math.min(CARD_WIDTH, viewport.width - 24);
  const highlighted = rect !== null;
  const position = highlighted
    ? placeCard(
        {
          top: rect.top - HIGHLIGHT_PADDING,
          left: rect.left - HIGHLIGHT_PADDING,
          width: rect.width + HIGHLIGHT_PADDING * 2,
          height: rect.height + HIGHLIGHT_PADDING * 2,
        },
        { width: cardWidth, height: cardHeight },
        viewport,
        step.position,
      )
    : null;

  return (
    <Portal>
      <Box
        role="dialog"
        aria-modal="true"
        aria-labelledby="onboarding-title"
        data-testid="onboarding-tour"
        data-step={step.id}
        sx={{ position: 'fixed', inset: 0, zIndex: (theme) => theme.zIndex.modal + 1 }}
      >
        {highlighted ? (
          <Box
            data-testid="onboarding-highlight"
            sx={(theme) => ({
              position: 'fixed',
              top: rect.top - HIGHLIGHT_PADDING,
              left: rect.left - HIGHLIGHT_PADDING,
              width: rect.width + HIGHLIGHT_PADDING * 2,
              height: rect.height + HIGHLIGHT_PADDING * 2,
              borderRadius: 2,
              border: `2px solid ${theme.palette.primary.main}`,
              boxShadow: `0 0 0 9999px ${alpha(theme.palette.common.black, 0.6)}`,
              transition: 'all 200ms ease',
              pointerEvents: 'none',
            })}
          />
        ) : (
          <Box
            sx={(theme) => ({ position: 'fixed', inset: 0, bgcolor: alpha(theme.palette.common.black, 0.6) })}
          />
        )}
        <Paper
          ref={cardRef}
          elevation={12}
          sx={{
            position: 'fixed',
            width: cardWidth,
            p: 2.5,
            borderRadius: 3,
            ...(position
              ? { top: position.top, left: position.left }
              : { top: '50%', left: '50%', transform: 'translate(-50%, -50%)' }),
          }}
        >
          <Stack spacing={1.5}>
            <Stack direction="row" alignItems="center" justifyContent="space-between">
              <Typography variant="caption" color="text.secondary" data-testid="onboarding-counter">
                {index + 1} of {total}
              </Typography>
              <IconButton size="small" aria-label="Skip tour" onClick={onFinish} edge="end">
                <CloseIcon fontSize="small" />
              </IconButton>
            </Stack>
            <LinearProgress
              variant="determinate"
              value={((index + 1) / total) * 100}
              sx={{ borderRadius: 1 }}
            />
            <Typography id="onboarding-title" variant="h6" component="h2">
              {step.title}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {step.description}
            </Typography>
            {step.suggestedAction && (
              <Stack
                direction="row"
                spacing={1}
                sx={(theme) => ({
                  p: 1.25,
                  borderRadius: 2,
                  bgcolor: alpha(theme.palette.primary.main, 0.08),
                })}
              >
                <LightbulbOutlinedIcon fontSize="small" color="primary" />
                <Typography variant="body2">{step.suggestedAction}</Typography>
              </Stack>
            )}
            <Stack direction="row" justifyContent="space-between" sx={{ pt: 0.5 }}>
              <Button onClick={() => setIndex((i) => Math.max(0, i - 1))} disabled={index === 0}>
                Previous
              </Button>
              <Button variant="contained" onClick={() => (last ? onFinish() : setIndex((i) => i + 1))}>
                {last ? 'Complete' : 'Next'}
              </Button>
            </Stack>
          </Stack>
        </Paper>
      </Box>
    </Portal>
  );
}
