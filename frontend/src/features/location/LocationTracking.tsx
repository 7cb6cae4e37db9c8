import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LocationOnOutlinedIcon from '@mui/icons-material/LocationOnOutlined';
import { useToast } from '../../components/toast/toast-context';
import { easternClock } from '../../components/eastern-time';
import { useLocationTracking } from './use-location-triggers';

/** While location triggers are on: the position reports and the Location Triggers banner (doc2 §2, §8). */
export function LocationTracking() {
  const { toast } = useToast();
  const location = useLocationTracking({
    onHighPriority: (trigger) =>
      toast({ title: 'Location Trigger', description: trigger.message, durationMs: 5_000 }),
  });
  if (location.banner.length === 0) return null;
  return (
    <Box sx={{ flexBasis: '100%' }}>
      <Alert
        severity="info"
        icon={<LocationOnOutlinedIcon />}
        data-testid="location-banner"
        action={
          <Button color="inherit" size="small" onClick={location.clear}>
            Clear
          </Button>
        }
      >
        <Typography variant="subtitle2" component="p">
          Location Triggers
        </Typography>
        <Stack component="ul" spacing={0.25} sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {location.banner.map((trigger) => (
            <Typography component="li" variant="body2" key={trigger.id} data-testid="location-trigger">
              {trigger.message}{' '}
              <Typography component="span" variant="caption" color="text.secondary">
                {easternClock(new Date(trigger.createdAt))} ET
              </Typography>
            </Typography>
          ))}
        </Stack>
      </Alert>
    </Box>
  );
}
