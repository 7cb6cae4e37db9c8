import { Suspense } from 'react';
import Box from '@mui/material/Box';
import { lazyNamed } from '../../components/lazy-named';

// The markdown parser is a fifth of the app's JavaScript: it loads with the first message that needs it, and the
// text shows as plain paragraphs meanwhile.
const MarkdownRenderer = lazyNamed(() => import('./MarkdownRenderer'), 'MarkdownRenderer');

/** An assistant message's markdown (GitHub flavour), styled with the theme. */
export function Markdown({ children }: { children: string }) {
  return (
    <Box
      sx={{
        typography: 'body2',
        lineHeight: 1.6,
        overflowWrap: 'anywhere',
        '& > :first-of-type': { mt: 0 },
        '& > :last-child': { mb: 0 },
        '& p': { my: 1 },
        '& ul, & ol': { my: 1, pl: 3 },
        '& li + li': { mt: 0.5 },
        '& h1, & h2, & h3, & h4': { mt: 2, mb: 1, lineHeight: 1.3 },
        '& h1': { fontSize: '1.25rem' },
        '& h2': { fontSize: '1.15rem' },
        '& h3, & h4': { fontSize: '1rem' },
        '& code': {
          fontFamily: 'monospace',
          fontSize: '0.85em',
          px: 0.5,
          py: 0.25,
          borderRadius: 1,
          bgcolor: 'action.hover',
        },
        '& pre': { p: 1.5, borderRadius: 2, bgcolor: 'action.hover', overflowX: 'auto' },
        '& pre code': { p: 0, bgcolor: 'transparent' },
        '& blockquote': {
          m: 0,
          my: 1,
          pl: 2,
          borderLeft: 3,
          borderColor: 'divider',
          color: 'text.secondary',
        },
        '& table': { borderCollapse: 'collapse', my: 1, display: 'block', overflowX: 'auto' },
        '& th, & td': { border: 1, borderColor: 'divider', px: 1, py: 0.5 },
      }}
    >
      <Suspense fallback={<p style={{ whiteSpace: 'pre-wrap' }}>{children}</p>}>
        <MarkdownRenderer>{children}</MarkdownRenderer>
      </Suspense>
    </Box>
  );
}
