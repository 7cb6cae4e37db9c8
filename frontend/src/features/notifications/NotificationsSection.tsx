import Box from '@mui/material/Box';
import NotificationsNoneOutlinedIcon from '@mui/icons-material/NotificationsNoneOutlined';
import { ComingSoonPanel } from '../../components/ComingSoonPanel';
import { SectionHeader } from '../../components/SectionHeader';

/** The Notifications section of the main app; its feature arrives with a later issue. */
export function NotificationsSection() {
  return (
    <Box data-testid="section-notifications">
      <SectionHeader title={'Notifications'} subtitle={'Alerts from calls, reminders and messages'} />
      <ComingSoonPanel
        icon={<NotificationsNoneOutlinedIcon />}
        title={'The notifications inbox is coming soon'}
        description={
          'Your alerts about calls, reminders, messages and location triggers will be collected here.'
        }
        upcoming={[
          'See unread notifications at a glance',
          'Mark one or all notifications as read',
          'Delete notifications you no longer need',
        ]}
      />
    </Box>
  );
}
