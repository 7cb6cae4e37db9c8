import { useState } from 'react';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloudOutlinedIcon from '@mui/icons-material/CloudOutlined';
import EventOutlinedIcon from '@mui/icons-material/EventOutlined';
import ListAltOutlinedIcon from '@mui/icons-material/ListAltOutlined';
import TravelExploreOutlinedIcon from '@mui/icons-material/TravelExploreOutlined';
import WbSunnyOutlinedIcon from '@mui/icons-material/WbSunnyOutlined';
import type { EventResult } from '../../../api/events';
import type { ForecastResult, WeatherResult } from '../../../api/weather';
import { Markdown } from '../Markdown';
import { CardFrame } from '../../chat-kit/CardFrame';
import { EVENT_SUMMARY_COUNT } from '../../../state/inline-card';

const round = (n: unknown): string => (typeof n === 'number' ? String(Math.round(n)) : String(n ?? '–'));

export function WeatherCard({ weather, onClose }: { weather: WeatherResult; onClose: () => void }) {
  return (
    <CardFrame
      icon={<WbSunnyOutlinedIcon fontSize="small" />}
      title={`Weather in ${weather.location}`}
      onClose={onClose}
      testId="weather-card"
    >
      <Stack direction="row" spacing={2} alignItems="baseline" useFlexGap flexWrap="wrap">
        <Typography variant="h5" component="p">
          {round(weather.temperature)}°C
        </Typography>
        <Typography sx={{ textTransform: 'capitalize' }}>{weather.description}</Typography>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        Wind {round(weather.windSpeed)} km/h · Humidity {round(weather.humidity)}%
      </Typography>
    </CardFrame>
  );
}

export function ForecastCard({ forecast, onClose }: { forecast: ForecastResult; onClose: () => void }) {
  return (
    <CardFrame
      icon={<CloudOutlinedIcon fontSize="small" />}
      title={`Forecast for ${forecast.location}`}
      onClose={onClose}
      testId="forecast-card"
    >
      <List dense disablePadding>
        {forecast.forecast.map((day, i) => (
          <ListItem key={day.date ?? i} disableGutters divider={i < forecast.forecast.length - 1}>
            <ListItemText
              primary={`${day.date ?? `Day ${i + 1}`}: ${round(day.temperature.min)}° – ${round(day.temperature.max)}°C`}
              secondary={day.description}
              slotProps={{ secondary: { sx: { textTransform: 'capitalize' } } }}
            />
          </ListItem>
        ))}
      </List>
    </CardFrame>
  );
}

/** Events found: the first 3 (as many as are spoken), the rest behind 'Show all'. */
export function EventsCard({
  title,
  events,
  onClose,
}: {
  title: string;
  events: EventResult[];
  onClose: () => void;
}) {
  const [all, setAll] = useState(false);
  const shown = all ? events : events.slice(0, EVENT_SUMMARY_COUNT);
  return (
    <CardFrame
      icon={<EventOutlinedIcon fontSize="small" />}
      title={title}
      subtitle={`${events.length} found`}
      onClose={onClose}
      testId="events-card"
    >
      <List dense disablePadding>
        {shown.map((event, i) => (
          <ListItem key={`${event.name}-${i}`} disableGutters divider={i < shown.length - 1}>
            <ListItemText
              primary={event.name}
              secondary={[event.dates?.start?.localDate, event.venue?.name].filter(Boolean).join(' · ')}
            />
          </ListItem>
        ))}
      </List>
      {events.length > EVENT_SUMMARY_COUNT && (
        <Button size="small" onClick={() => setAll((open) => !open)} sx={{ mt: 0.5 }} aria-expanded={all}>
          {all ? 'Show less' : `Show all (${events.length})`}
        </Button>
      )}
    </CardFrame>
  );
}

export function WebSearchCard({
  query,
  text,
  citations,
  onClose,
}: {
  query: string;
  text: string;
  citations: string[];
  onClose: () => void;
}) {
  return (
    <CardFrame
      icon={<TravelExploreOutlinedIcon fontSize="small" />}
      title="Web search"
      subtitle={query}
      onClose={onClose}
      testId="search-card"
    >
      <Markdown>{text || 'No results.'}</Markdown>
      {citations.length > 0 && (
        <Stack spacing={0.25} sx={{ mt: 1 }}>
          <Typography variant="caption" color="text.secondary">
            Sources
          </Typography>
          {citations.map((url, i) => (
            <Link key={url} href={url} target="_blank" rel="noopener noreferrer" variant="caption" noWrap>
              [{i + 1}] {url}
            </Link>
          ))}
        </Stack>
      )}
    </CardFrame>
  );
}

export function ListCard({
  title,
  items,
  onClose,
}: {
  title: string;
  items: { primary: string; secondary?: string }[];
  onClose: () => void;
}) {
  return (
    <CardFrame
      icon={<ListAltOutlinedIcon fontSize="small" />}
      title={title}
      onClose={onClose}
      testId="list-card"
    >
      <List dense disablePadding>
        {items.map((item, i) => (
          <ListItem key={`${item.primary}-${i}`} disableGutters>
            <ListItemText primary={item.primary} secondary={item.secondary} />
          </ListItem>
        ))}
      </List>
    </CardFrame>
  );
}
