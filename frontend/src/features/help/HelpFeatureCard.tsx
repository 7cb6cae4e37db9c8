import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import type { HelpFeature } from './help-content';
import { helpFeatureIcon } from './help-icons';

/** One feature card, expandable with 'View Details'. */
export function HelpFeatureCard({ feature }: { feature: HelpFeature }) {
  const [open, setOpen] = useState(false);
  return (
    <Card sx={{ height: '100%' }} data-testid="help-feature-card">
      <CardContent sx={{ p: 2.5, display: 'flex', flexDirection: 'column', height: '100%' }}>
        <Stack direction="row" spacing={1.5} alignItems="center" sx={{ mb: 1 }}>
          <Box
            sx={(theme) => ({
              width: 40,
              height: 40,
              flexShrink: 0,
              borderRadius: 2,
              display: 'grid',
              placeItems: 'center',
              color: 'primary.main',
              bgcolor: alpha(theme.palette.primary.main, 0.12),
            })}
          >
            {helpFeatureIcon(feature.id)}
          </Box>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
            {feature.title}
          </Typography>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
          {feature.description}
        </Typography>
        <Collapse in={open}>
          <List dense sx={{ pl: 2, listStyle: 'disc' }}>
            {feature.content.map((line) => (
              <ListItem key={line} sx={{ display: 'list-item', px: 0 }}>
                <ListItemText primary={line} slotProps={{ primary: { variant: 'body2' } }} />
              </ListItem>
            ))}
          </List>
        </Collapse>
        <Button
          size="small"
          onClick={() => setOpen((o) => !o)}
          endIcon={
            <ExpandMoreIcon
              sx={{ transform: open ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }}
            />
          }
          sx={{ alignSelf: 'flex-start', mt: 1, ml: -1 }}
          aria-expanded={open}
        >
          {open ? 'Hide Details' : 'View Details'}
        </Button>
      </CardContent>
    </Card>
  );
}
