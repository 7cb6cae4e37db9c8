import { useParams } from 'react-router-dom';
import EventAvailableOutlinedIcon from '@mui/icons-material/EventAvailableOutlined';
import { ComingSoonPanel } from '../../components/ComingSoonPanel';
import { PublicPageLayout } from '../../components/PublicPageLayout';
import { SectionHeader } from '../../components/SectionHeader';
import { useDocumentTitle } from '../../components/use-document-title';

/** /book/:code — the public booking page. */
export function BookingPage() {
  useDocumentTitle('Book a time — Jarvis');
  const { code } = useParams();
  return (
    <PublicPageLayout backLabel="Home">
      <SectionHeader title="Book a time" subtitle={`Booking link ${code ?? ''}`} />
      <ComingSoonPanel
        icon={<EventAvailableOutlinedIcon />}
        title="Online booking is coming soon"
        description="Booking links are not open yet. Once they are, you will pick a date and a time slot here and get a confirmation straight away. Please contact the person who sent you this link to arrange a time."
        upcoming={[
          'Choose a date, then a free time slot',
          'Enter your name and, if you like, your e-mail',
          'Get an instant confirmation',
        ]}
      />
    </PublicPageLayout>
  );
}
