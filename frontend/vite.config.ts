import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { apiRoutes } from './api-routes.config.ts';
import { precompress } from './precompress.config.ts';
import { serviceWorker } from './service-worker.config.ts';
import { defineConfig } from 'vite';

const gateway = process.env.JARVIS_GATEWAY_URL ?? 'http://localhost:3000';

/** A module of one of these npm packages (or a scoped family such as `@emotion/`). */
const fromPackages = (...names: string[]) => {
  const pattern = new RegExp(`[\\\\/]node_modules[\\\\/](?:${names.join('|')})[\\\\/]`);
  return (id: string) => pattern.test(id);
};

const styleEngine = fromPackages(
  '@mui/system',
  '@mui/styled-engine',
  '@mui/utils',
  '@mui/private-theming',
  '@emotion',
  'stylis',
);
const landingLayouts = /@mui[\\/]system[\\/]esm[\\/](?:Grid|Container)[\\/]/;
const words = (text: string) => text.split(' ');
const materialComponents = (names: string[]) => fromPackages(`@mui/material/esm/(?:${names.join('|')})`);
const MUI_START = words(
  'Box Stack Typography Button ButtonBase IconButton Paper CircularProgress List ListItem ListItemIcon ListItemText Chip Link Toolbar AppBar SvgIcon CssBaseline GlobalStyles useMediaQuery styles transitions utils internal zero-styled DefaultPropsProvider colors className',
);
const MUI_APP = words(
  'Tooltip Popper Grow Portal Badge Avatar Skeleton Divider ListItemButton ListSubheader InputBase OutlinedInput TextareaAutosize Checkbox SwitchBase',
);

// Small modules the signed-in start shares with other screens (each would be a file of its own, with its own import
// lines, compressing worse): one file. All of it loads at the signed-in start anyway; the landing page loads it too.
const START_SHARED_ICONS = words(
  'Add AlarmOutlined BookmarkBorderOutlined ChatBubbleOutline Close ContactsOutlined ForumOutlined GraphicEq LightbulbOutlined MailOutline MicNoneOutlined NotificationsNoneOutlined PersonOutline PhotoCameraOutlined Send SmartToyOutlined Stop',
);
const START_SHARED_MODULES = words(
  'components/JarvisLogo components/eastern-time components/ListStates components/LoadedList components/lazy-popper components/use-document-title api/query-timings api/routes features/reminders/reminder-time features/memory/pattern-insights',
);
const startShared = (id: string) =>
  new RegExp(`[\\\\/]@mui[\\\\/]icons-material[\\\\/]esm[\\\\/](?:${START_SHARED_ICONS.join('|')})\\.js$`).test(id) ||
  new RegExp(`[\\\\/]frontend[\\\\/]src[\\\\/](?:${START_SHARED_MODULES.join('|')})\\.tsx?$`).test(id);

export default defineConfig({
  plugins: [react(), apiRoutes(), serviceWorker(), precompress()],
  resolve: {
    alias: [
      // Use the contracts' TypeScript source so the frontend needs no build step of libs/contracts.
      {
        find: '@jarvis/contracts',
        replacement: fileURLToPath(new URL('../libs/contracts/src/index.ts', import.meta.url)),
      },
      // Tooltips position themselves with a library loaded on first use (src/components/lazy-popper.ts).
      {
        find: /^@popperjs\/core$/,
        replacement: fileURLToPath(new URL('./src/components/lazy-popper.ts', import.meta.url)),
      },
    ],
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: gateway, changeOrigin: false },
      '/health': { target: gateway, changeOrigin: false },
      '/webhooks': { target: gateway, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // dist/.vite/manifest.json: src/bundle-budget.spec.ts reads it to hold the initial JavaScript under budget.
    manifest: true,
    rolldownOptions: {
      output: {
        // Vendor chunks that change only when the libraries do, so a release of ours leaves them cached. Material
        // components are left to automatic chunking: each page then loads only the components it uses.
        // Markdown (remark, micromark) stays out of the start: only the lazily loaded renderer imports it.
        codeSplitting: {
          groups: [
            { name: 'react', test: fromPackages('react', 'react-dom', 'scheduler'), priority: 50 },
            { name: 'router', test: fromPackages('react-router', 'react-router-dom'), priority: 40 },
            { name: 'query', test: fromPackages('@tanstack'), priority: 40 },
            {
              // The styling engine every component needs (the Grid and Container layouts only the landing uses).
              name: 'mui-core',
              test: (id) => styleEngine(id) && !landingLayouts.test(id),
              priority: 30,
            },
            // The Material components the first pages show, in two files rather than forty small ones (each small
            // file compresses worse): those of both pages, and those only the signed-in app needs. Components only
            // other screens use stay in those screens' chunks.
            { name: 'mui-start', test: materialComponents(MUI_START), priority: 26 },
            {
              name: 'mui-app',
              test: materialComponents(MUI_APP),
              priority: 25,
              includeDependenciesRecursively: false,
            },
            { name: 'zod', test: fromPackages('zod'), priority: 30 },
            { name: 'start-shared', test: startShared, priority: 35 },
            { name: 'markdown', test: fromPackages('react-markdown', 'remark-gfm'), priority: 20 },
          ],
        },
      },
    },
  },
});
