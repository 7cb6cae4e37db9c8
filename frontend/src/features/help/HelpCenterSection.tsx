import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import MenuBookOutlinedIcon from '@mui/icons-material/MenuBookOutlined';
import OndemandVideoOutlinedIcon from '@mui/icons-material/OndemandVideoOutlined';
import type { User } from '@jarvis/contracts';
import { SectionHeader } from '../../components/SectionHeader';
import { useToast } from '../../components/toast/toast-context';
import { ContactSupportForm } from './ContactSupportForm';
import { FAQ_TOPICS } from './help-content';

export const COMMUNITY_URL: string = import.meta.env.VITE_COMMUNITY_URL ?? 'https://discord.com/';

/** The help section of the main app: documentation, tutorials, FAQ topics, contact support and resources. */
export function HelpCenterSection({ user }: { user: User }) {
  const { toast } = useToast();
  return (
    <Box data-testid="section-help" sx={{ maxWidth: 960 }}>
      <SectionHeader title="Get Help" subtitle="Guides, answers and a direct line to our team" />
      <Grid container spacing={2} sx={{ mb: 3 }}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Card sx={{ height: '100%' }}>
            <CardActionArea component={RouterLink} to="/help" sx={{ height: '100%' }}>
              <CardContent sx={{ p: 3 }}>
                <MenuBookOutlinedIcon color="primary" sx={{ mb: 1 }} />
                <Typography variant="h6" component="h2">
                  Documentation
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  Every feature explained, with answers to common questions.
                </Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Card sx={{ height: '100%' }}>
            <CardActionArea
              sx={{ height: '100%' }}
              onClick={() =>
                toast({
                  title: 'Video tutorials are coming soon',
                  description: 'Until then, the documentation covers every feature.',
                })
              }
            >
              <CardContent sx={{ p: 3 }}>
                <OndemandVideoOutlinedIcon color="primary" sx={{ mb: 1 }} />
                <Typography variant="h6" component="h2">
                  Video Tutorials
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  Short walkthroughs of Jarvis's main features.
                </Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        </Grid>
      </Grid>

      <Card sx={{ mb: 3 }}>
        <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
          <Typography variant="h6" component="h2" gutterBottom>
            Frequently asked about
          </Typography>
          <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
            {FAQ_TOPICS.map((topic) => (
              <Chip
                key={topic.label}
                label={topic.label}
                clickable
                component={RouterLink}
                to={`/help?q=${encodeURIComponent(topic.term)}`}
                variant="outlined"
                color="primary"
              />
            ))}
          </Stack>
        </CardContent>
      </Card>

      <Box sx={{ mb: 3 }}>
        <ContactSupportForm
          defaults={{
            email: user.email ?? '',
            name: [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username || '',
          }}
        />
      </Box>

      <Card>
        <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
          <Typography variant="h6" component="h2" gutterBottom>
            Resources
          </Typography>
          <Stack spacing={1.5}>
            <Stack direction="row" spacing={1.5} alignItems="center">
              <ForumOutlinedIcon color="primary" />
              <Link href={COMMUNITY_URL} target="_blank" rel="noopener noreferrer">
                Join the community chat
              </Link>
            </Stack>
            <Stack direction="row" spacing={1.5} alignItems="center">
              <MenuBookOutlinedIcon color="primary" />
              <Link component={RouterLink} to="/help">
                Help &amp; Documentation
              </Link>
            </Stack>
            <Box>
              <Button component={RouterLink} to="/help?tab=faq" variant="text" sx={{ ml: -1 }}>
                Browse all FAQs
              </Button>
            </Box>
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}
