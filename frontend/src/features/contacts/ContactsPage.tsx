import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ContactsOutlinedIcon from '@mui/icons-material/ContactsOutlined';
import PersonAddAlt1OutlinedIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import type { Contact } from '@jarvis/contracts';
import { EmptyState } from '../../components/ListStates';
import { LoadedList } from '../../components/LoadedList';
import { PublicPageLayout } from '../../components/PublicPageLayout';
import { SectionHeader } from '../../components/SectionHeader';
import { useDocumentTitle } from '../../components/use-document-title';
import { ContactCard } from './ContactCard';
import { ContactDialog } from './ContactDialog';
import { DeleteContactDialog } from './DeleteContactDialog';
import { useContacts } from './use-contacts';

const GRID = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' },
} as const;

function LoadingContacts() {
  return (
    <Stack role="status" alignItems="center" spacing={2} sx={{ py: 8 }}>
      <CircularProgress size={32} aria-hidden />
      <Typography color="text.secondary">Loading contacts...</Typography>
    </Stack>
  );
}

function SignInToSeeContacts() {
  return (
    <Paper variant="outlined" sx={{ p: 3, borderRadius: 3 }}>
      <Typography sx={{ mb: 1.5 }}>Sign in to see and manage your contacts.</Typography>
      <Button component={RouterLink} to="/login" variant="contained">
        Sign In
      </Button>
    </Paper>
  );
}

/** /contacts (doc2 §2): people to refer to by name in messages and booking links; add, edit and delete them. */
export function ContactsPage() {
  useDocumentTitle('Contacts \u2014 Jarvis');
  const query = useContacts();
  const [editing, setEditing] = useState<Contact | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Contact | null>(null);
  const contacts = query.data ?? [];
  const signedOut = query.data === null;

  const addButton = (label: string) => (
    <Button variant="contained" startIcon={<PersonAddAlt1OutlinedIcon />} onClick={() => setEditing('new')}>
      {label}
    </Button>
  );

  return (
    <PublicPageLayout maxWidth="lg">
      <Box data-testid="contacts-page">
        <SectionHeader
          title="Contacts"
          subtitle="Manage your contacts for quick messaging"
          actions={contacts.length > 0 && addButton('Add Contact')}
        />
        {signedOut ? (
          <SignInToSeeContacts />
        ) : (
          <LoadedList
            query={query}
            items={contacts}
            what="contacts"
            loading={<LoadingContacts />}
            empty={
              <EmptyState icon={<ContactsOutlinedIcon fontSize="large" />} title="No contacts yet">
                <Typography color="text.secondary" sx={{ mt: 0.5, mb: 2.5 }}>
                  Add your first contact to quickly reference them by name in messages
                </Typography>
                {addButton('Add Your First Contact')}
              </EmptyState>
            }
          >
            {(list) => (
              <Box sx={GRID} data-testid="contacts-grid">
                {list.map((contact) => (
                  <ContactCard
                    key={contact.id}
                    contact={contact}
                    onEdit={() => setEditing(contact)}
                    onDelete={() => setDeleting(contact)}
                  />
                ))}
              </Box>
            )}
          </LoadedList>
        )}
      </Box>
      {editing !== null && (
        <ContactDialog contact={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      {deleting && <DeleteContactDialog contact={deleting} onClose={() => setDeleting(null)} />}
    </PublicPageLayout>
  );
}
