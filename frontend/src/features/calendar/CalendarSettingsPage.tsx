import CalendarMonthOutlinedIcon from '@mui/icons-material/CalendarMonthOutlined';
import { ComingSoonPanel } from '../../components/ComingSoonPanel';
import { PublicPageLayout } from '../../components/PublicPageLayout';
import { SectionHeader } from '../../components/SectionHeader';
import { useDocumentTitle } from '../../components/use-document-title';

/** Calendar Sync Settings: a finished page whose feature arrives with a later issue. */
export function CalendarSettingsPage() {
  useDocumentTitle('Calendar Sync Settings \u2014 Jarvis');
  return (
    <PublicPageLayout>
      <SectionHeader
        title={'Calendar Sync Settings'}
        subtitle={'Configure automatic syncing of Google Calendar events to reminders and phone calls'}
      />
      <ComingSoonPanel
        icon={<CalendarMonthOutlinedIcon />}
        title={'Calendar sync is coming soon'}
        description={'Connect Google Calendar and choose which events become reminders and phone calls.'}
        upcoming={[
          'Connect or disconnect Google Calendar',
          'Turn events into reminders, minutes before they start',
          'Turn events with chosen keywords into phone calls',
        ]}
      />
    </PublicPageLayout>
  );
}
