import { Suspense, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import { lazyNamed } from '../../components/lazy-named';

const HelpMenuList = lazyNamed(() => import('./HelpMenuList'), 'HelpMenuList');

/** The sidebar header's help menu: Restart Tutorial, Documentation, Contact Support. */
export function HelpMenu({
  onRestartTutorial,
  onContactSupport,
}: {
  onRestartTutorial: () => void;
  onContactSupport: () => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [everOpened, setEverOpened] = useState(false);
  const navigate = useNavigate();
  return (
    <>
      <Tooltip title="Help">
        <IconButton
          aria-label="Help menu"
          onClick={(e) => {
            setAnchor(e.currentTarget);
            setEverOpened(true);
          }}
          aria-haspopup="menu"
        >
          <HelpOutlineIcon />
        </IconButton>
      </Tooltip>
      {everOpened && (
        <Suspense fallback={null}>
          <HelpMenuList
            anchor={anchor}
            onClose={() => setAnchor(null)}
            onRestartTutorial={onRestartTutorial}
            onDocumentation={() => navigate('/help')}
            onContactSupport={onContactSupport}
          />
        </Suspense>
      )}
    </>
  );
}
