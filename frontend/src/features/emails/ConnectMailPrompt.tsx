import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import MailOutlineIcon from '@mui/icons-material/MailOutline';
import SearchIcon from '@mui/icons-material/Search';
import ShieldOutlinedIcon from '@mui/icons-material/ShieldOutlined';
import DeleteSweepOutlinedIcon from '@mui/icons-material/DeleteSweepOutlined';
import { useConnectMail } from './use-connect-mail';

const POINTS = [
  { icon: <SearchIcon fontSize="small" />, text: 'Search and read your Gmail inbox without leaving Jarvis' },
  {
    icon: <DeleteSweepOutlinedIcon fontSize="small" />,
    text: 'Unsubscribe, trash and mark spam on Premium and Enterprise',
  },
  {
    icon: <ShieldOutlinedIcon fontSize="small" />,
    text: 'Disconnect at any time; remote images stay off until you ask',
  },
];

/** doc3 §2: what /emails shows while no mail account is connected. */
export function ConnectMailPrompt() {
  const { connect, connecting } = useConnectMail();
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 3, sm: 5 }, borderRadius: 4, textAlign: 'center' }}
      data-testid="mail-connect"
    >
      <Box
        sx={{
          width: 64,
          height: 64,
          mx: 'auto',
          mb: 2,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'action.hover',
          color: 'primary.main',
        }}
      >
        <MailOutlineIcon fontSize="large" />
      </Box>
      <Typography variant="h6" component="h2">
        Connect your Gmail
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5, mb: 3 }}>
        Jarvis needs access to your mailbox to show your inbox here.
      </Typography>
      <Stack spacing={1.25} sx={{ maxWidth: 440, mx: 'auto', mb: 3, textAlign: 'left' }}>
        {POINTS.map((point) => (
          <Stack key={point.text} direction="row" spacing={1.5} alignItems="center">
            <Box sx={{ color: 'primary.main', display: 'flex' }}>{point.icon}</Box>
            <Typography variant="body2">{point.text}</Typography>
          </Stack>
        ))}
      </Stack>
      <Button
        variant="contained"
        size="large"
        startIcon={<MailOutlineIcon />}
        disabled={connecting}
        onClick={connect}
      >
        Connect Gmail
      </Button>
    </Paper>
  );
}
