import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import { formatPrice, PLAN_ORDER, PLANS } from '../billing/plans';

/** Free $0, Premium $99 and Enterprise $199 per month (doc3 §9). */
export function PricingPlans() {
  return (
    <Grid container spacing={3} alignItems="stretch">
      {PLAN_ORDER.map((tier) => {
        const plan = PLANS[tier];
        const featured = tier === 'premium';
        return (
          <Grid key={tier} size={{ xs: 12, md: 4 }}>
            <Card
              data-testid={`plan-${tier}`}
              sx={{
                height: '100%',
                borderWidth: featured ? 2 : 1,
                borderColor: featured ? 'primary.main' : 'divider',
                position: 'relative',
              }}
            >
              <CardContent sx={{ p: 3.5, height: '100%', display: 'flex', flexDirection: 'column' }}>
                <Stack direction="row" justifyContent="space-between" alignItems="center">
                  <Typography variant="h6" component="h3">
                    {plan.name}
                  </Typography>
                  {featured && <Chip size="small" color="primary" label="Most popular" />}
                </Stack>
                <Typography variant="h3" component="p" sx={{ mt: 2 }}>
                  {formatPrice(plan.price)}
                  <Typography component="span" color="text.secondary" sx={{ fontSize: 16, fontWeight: 400 }}>
                    {' '}
                    / month
                  </Typography>
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1, mb: 2 }}>
                  {plan.description}
                </Typography>
                <List dense disablePadding sx={{ flexGrow: 1, mb: 3 }}>
                  {plan.highlights.map((h) => (
                    <ListItem key={h} disableGutters sx={{ alignItems: 'flex-start' }}>
                      <ListItemIcon sx={{ minWidth: 30, mt: 0.5, color: 'success.main' }}>
                        <CheckIcon fontSize="small" />
                      </ListItemIcon>
                      <ListItemText primary={h} />
                    </ListItem>
                  ))}
                </List>
                <Button
                  component={RouterLink}
                  to="/login"
                  variant={featured ? 'contained' : 'outlined'}
                  size="large"
                  fullWidth
                >
                  {tier === 'free' ? 'Start for free' : `Choose ${plan.name}`}
                </Button>
              </CardContent>
            </Card>
          </Grid>
        );
      })}
    </Grid>
  );
}
