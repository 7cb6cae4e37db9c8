import { PublicPageLayout } from '../../components/PublicPageLayout';
import { SectionHeader } from '../../components/SectionHeader';
import { useDocumentTitle } from '../../components/use-document-title';
import { CalendarTab } from './CalendarTab';

/** /calendar-settings (doc2 §2): a back link, the title and text, and the same panel as Settings → Calendar. */
export function CalendarSettingsPage() {
  useDocumentTitle('Calendar Sync Settings \u2014 Jarvis');
  return (
    <PublicPageLayout>
      <SectionHeader
        title="Calendar Sync Settings"
        subtitle="Configure automatic syncing of Google Calendar events to reminders and phone calls"
      />
      <CalendarTab />
    </PublicPageLayout>
  );
}
