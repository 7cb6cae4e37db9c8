import ContactsOutlinedIcon from '@mui/icons-material/ContactsOutlined';
import { ComingSoonPanel } from '../../components/ComingSoonPanel';
import { PublicPageLayout } from '../../components/PublicPageLayout';
import { SectionHeader } from '../../components/SectionHeader';
import { useDocumentTitle } from '../../components/use-document-title';

/** Contacts: a finished page whose feature arrives with a later issue. */
export function ContactsPage() {
  useDocumentTitle('Contacts \u2014 Jarvis');
  return (
    <PublicPageLayout>
      <SectionHeader title={'Contacts'} subtitle={'Manage your contacts for quick messaging'} />
      <ComingSoonPanel
        icon={<ContactsOutlinedIcon />}
        title={'Contacts are coming soon'}
        description={'Add people once and refer to them by name when Jarvis sends messages or booking links.'}
        upcoming={[
          'Add contacts with a name, phone number, e-mail and notes',
          'Edit and delete contacts',
          'Text a contact by name from chat',
        ]}
      />
    </PublicPageLayout>
  );
}
