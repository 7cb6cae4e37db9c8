import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import { SidebarCard } from '../../components/SidebarCard';
import { confidenceColor, confidencePercent, selectInsights, selectPatterns } from './pattern-insights';
import { usePatternInsights, usePatterns } from './use-memories';

function Confidence({ value }: { value: number }) {
  return (
    <Chip
      size="small"
      label={confidencePercent(value)}
      color={confidenceColor(value)}
      variant={confidenceColor(value) === 'default' ? 'outlined' : 'filled'}
      data-testid="confidence"
      sx={{ flexShrink: 0 }}
    />
  );
}

/** Pattern Insights: the strongest patterns and predictions learnt from the user's own history. */
export function PatternInsightsCard() {
  const patterns = usePatterns();
  const insights = usePatternInsights();
  const shownPatterns = selectPatterns(patterns.data);
  const shownInsights = selectInsights(insights.data);
  const loading = patterns.isLoading || insights.isLoading;

  return (
    <SidebarCard
      icon={<InsightsOutlinedIcon fontSize="small" />}
      title="Pattern Insights"
      testId="pattern-insights"
    >
      {loading ? (
        <Skeleton variant="rounded" height={48} />
      ) : shownPatterns.length === 0 && shownInsights.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Keep chatting: Jarvis spots your habits once it has seen a few conversations.
        </Typography>
      ) : (
        <>
          {shownPatterns.map((p) => (
            <Stack key={p.id} direction="row" spacing={1} alignItems="flex-start" data-testid="pattern">
              <Stack sx={{ flexGrow: 1, minWidth: 0 }}>
                <Typography variant="body2">{p.description}</Typography>
                {p.prediction && (
                  <Typography variant="caption" color="text.secondary">
                    {p.prediction}
                  </Typography>
                )}
              </Stack>
              <Confidence value={p.confidence} />
            </Stack>
          ))}
          {shownInsights.length > 0 && (
            <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.5 }}>
              Predictions
            </Typography>
          )}
          {shownInsights.map((insight, i) => (
            <Stack
              key={`${insight.type}-${i}`}
              direction="row"
              spacing={1}
              alignItems="flex-start"
              data-testid="insight"
            >
              <Stack sx={{ flexGrow: 1, minWidth: 0 }}>
                <Typography variant="body2">{insight.prediction}</Typography>
                {insight.timeframe && (
                  <Typography variant="caption" color="text.secondary">
                    {insight.timeframe}
                  </Typography>
                )}
              </Stack>
              <Confidence value={insight.confidence} />
            </Stack>
          ))}
        </>
      )}
    </SidebarCard>
  );
}
