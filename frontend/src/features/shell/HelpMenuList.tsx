import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import MenuBookOutlinedIcon from '@mui/icons-material/MenuBookOutlined';
import ReplayIcon from '@mui/icons-material/Replay';
import SupportAgentOutlinedIcon from '@mui/icons-material/SupportAgentOutlined';

/** The help menu's entries, loaded the first time the menu opens. */
export function HelpMenuList({
  anchor,
  onClose,
  onRestartTutorial,
  onDocumentation,
  onContactSupport,
}: {
  anchor: HTMLElement | null;
  onClose: () => void;
  onRestartTutorial: () => void;
  onDocumentation: () => void;
  onContactSupport: () => void;
}) {
  const choose = (action: () => void) => () => {
    onClose();
    action();
  };
  return (
    <Menu anchorEl={anchor} open={anchor !== null} onClose={onClose}>
      <MenuItem onClick={choose(onRestartTutorial)}>
        <ListItemIcon>
          <ReplayIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>Restart Tutorial</ListItemText>
      </MenuItem>
      <MenuItem onClick={choose(onDocumentation)}>
        <ListItemIcon>
          <MenuBookOutlinedIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>Documentation</ListItemText>
      </MenuItem>
      <MenuItem onClick={choose(onContactSupport)}>
        <ListItemIcon>
          <SupportAgentOutlinedIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>Contact Support</ListItemText>
      </MenuItem>
    </Menu>
  );
}
