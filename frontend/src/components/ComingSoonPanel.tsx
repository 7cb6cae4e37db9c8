import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';

export interface ComingSoonPanelProps {
  icon: ReactNode;
  title: string;
  description: string;
  /** What the finished screen will offer, in the user's words. */
  upcoming: string[];
  action?: ReactNode;
}

/** An honest placeholder for a screen whose feature is still being built. */
export function ComingSoonPanel({ icon, title, description, upcoming, action }: ComingSoonPanelProps) {
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 3, sm: 4 }, borderRadius: 4, maxWidth: 760, width: '100%' }}
      data-testid="coming-soon"
    >
      <Stack spacing={2.5} alignItems="flex-start">
        <Box
          sx={(theme) => ({
            width: 56,
            height: 56,
            borderRadius: 3,
            display: 'grid',
            placeItems: 'center',
            color: 'primary.main',
            bgcolor: alpha(theme.palette.primary.main, 0.12),
            '& svg': { fontSize: 30 },
          })}
        >
          {icon}
        </Box>
        <Stack spacing={1}>
          <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
            <Typography variant="h5" component="h2">
              {title}
            </Typography>
            <Chip label="Coming soon" size="small" color="primary" variant="outlined" />
          </Stack>
          <Typography color="text.secondary">{description}</Typography>
        </Stack>
        {upcoming.length > 0 && (
          <Box sx={{ width: '100%' }}>
            <Typography variant="overline" color="text.secondary">
              What you will be able to do here
            </Typography>
            <List dense disablePadding>
              {upcoming.map((item) => (
                <ListItem key={item} disableGutters sx={{ alignItems: 'flex-start' }}>
                  <ListItemIcon sx={{ minWidth: 32, mt: 0.5, color: 'success.main' }}>
                    <CheckCircleOutlineIcon fontSize="small" />
                  </ListItemIcon>
                  <ListItemText primary={item} />
                </ListItem>
              ))}
            </List>
          </Box>
        )}
        {action}
      </Stack>
    </Paper>
  );
}
