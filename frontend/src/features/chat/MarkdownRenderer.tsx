import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import Link from '@mui/material/Link';

const components: Components = {
  // Links open in a new tab (doc1 §2).
  a: ({ href, children }) => (
    <Link href={href} target="_blank" rel="noopener noreferrer" underline="always">
      {children}
    </Link>
  ),
};

/** GitHub-flavoured markdown to React; loaded on its own (see Markdown.tsx). */
export function MarkdownRenderer({ children }: { children: string }) {
  return (
    <ReactMarkdown remarkPlugins={[remarkGfm]} components={components}>
      {children}
    </ReactMarkdown>
  );
}
