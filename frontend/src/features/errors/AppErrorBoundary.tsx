import { Component, type ErrorInfo, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ReportProblemOutlinedIcon from '@mui/icons-material/ReportProblemOutlined';

interface State {
  error: Error | null;
}

/** The Application Error screen for an uncaught render error (doc3 §2). */
export class AppErrorBoundary extends Component<{ children: ReactNode; onReload?: () => void }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Uncaught render error', error, info.componentStack);
  }

  private reset = () => this.setState({ error: null });

  private reload = () => (this.props.onReload ? this.props.onReload() : window.location.reload());

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <Box
        sx={{
          minHeight: '100vh',
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'background.default',
          p: 2,
        }}
      >
        <Card sx={{ width: '100%', maxWidth: 480 }} role="alert">
          <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
            <Stack spacing={2}>
              <ReportProblemOutlinedIcon color="error" sx={{ fontSize: 40 }} />
              <Typography variant="h5" component="h1">
                Application Error
              </Typography>
              <Typography color="text.secondary">
                Something went wrong while running the application. This might be a temporary issue.
              </Typography>
              <Stack direction="row" spacing={1.5}>
                <Button variant="contained" onClick={this.reset}>
                  Try Again
                </Button>
                <Button variant="outlined" onClick={this.reload}>
                  Reload Page
                </Button>
              </Stack>
            </Stack>
          </CardContent>
        </Card>
      </Box>
    );
  }
}
