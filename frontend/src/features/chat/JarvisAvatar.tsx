import Avatar from '@mui/material/Avatar';
import SmartToyOutlinedIcon from '@mui/icons-material/SmartToyOutlined';

/** The small round mark beside Jarvis's messages. */
export function JarvisAvatar() {
  return (
    <Avatar
      sx={{ width: 32, height: 32, bgcolor: 'primary.main', color: 'primary.contrastText' }}
      aria-hidden
    >
      <SmartToyOutlinedIcon sx={{ fontSize: 18 }} />
    </Avatar>
  );
}
