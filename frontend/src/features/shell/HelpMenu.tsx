import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import MenuBookOutlinedIcon from '@mui/icons-material/MenuBookOutlined';
import ReplayIcon from '@mui/icons-material/Replay';
import SupportAgentOutlinedIcon from '@mui/icons-material/SupportAgentOutlined';

/** The sidebar header's help menu: Restart Tutorial, Documentation, Contact Support. */
export function HelpMenu({
  onRestartTutorial,
  onContactSupport,
}: {
  onRestartTutorial: () => void;
  onContactSupport: () => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const navigate = useNavigate();
  const close = () => setAnchor(null);
  return (
    <>
      <Tooltip title="Help">
        <IconButton aria-label="Help menu" onClick={(e) => setAnchor(e.currentTarget)} aria-haspopup="menu">
          <HelpOutlineIcon />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={close}>
        <MenuItem
          onClick={() => {
            close();
            onRestartTutorial();
          }}
        >
          <ListItemIcon>
            <ReplayIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Restart Tutorial</ListItemText>
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            navigate('/help');
          }}
        >
          <ListItemIcon>
            <MenuBookOutlinedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Documentation</ListItemText>
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            onContactSupport();
          }}
        >
          <ListItemIcon>
            <SupportAgentOutlinedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Contact Support</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
