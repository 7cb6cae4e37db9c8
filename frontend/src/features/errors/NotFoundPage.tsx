import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import HomeOutlinedIcon from '@mui/icons-material/HomeOutlined';
import { useDocumentTitle } from '../../components/use-document-title';

export const NOT_FOUND_TITLE = '404 Page Not Found';

/** Any unknown path (and /orb for a visitor). */
export function NotFoundPage() {
  useDocumentTitle(NOT_FOUND_TITLE);
  return (
    <Box
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'background.default', p: 2 }}
    >
      <Card sx={{ width: '100%', maxWidth: 460 }} data-testid="not-found">
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Stack spacing={2}>
            <Stack direction="row" spacing={1.5} alignItems="center">
              <ErrorOutlineIcon color="error" fontSize="large" />
              <Typography variant="overline" color="text.secondary" sx={{ fontSize: 14 }}>
                {NOT_FOUND_TITLE}
              </Typography>
            </Stack>
            <Typography variant="h4" component="h1">
              Page Not Found
            </Typography>
            <Typography color="text.secondary">Did you forget to add the page to the router?</Typography>
            <Button
              component={RouterLink}
              to="/"
              variant="contained"
              startIcon={<HomeOutlinedIcon />}
              sx={{ alignSelf: 'flex-start' }}
            >
              Go to Home
            </Button>
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}
