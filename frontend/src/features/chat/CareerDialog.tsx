import DialogContentText from '@mui/material/DialogContentText';
import { PersonaPickerDialog } from './PersonaPickerDialog';
import { useCareer, useSaveCareer } from './use-personas';

/** Choose a career profile; saved on selection. Careers other than General need Premium (doc2 §6). */
export function CareerDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { data, isLoading } = useCareer();
  const save = useSaveCareer();
  return (
    <PersonaPickerDialog
      open={open}
      onClose={onClose}
      id="career"
      title="Career profile"
      header={
        <DialogContentText sx={{ mb: 2 }}>
          Tell Jarvis what you do, so it understands your work: a realtor&apos;s “showings” are property
          showings.
        </DialogContentText>
      }
      loading={isLoading}
      choices={data?.careers ?? null}
      selectedId={data?.careerProfile}
      loadErrorText="Could not load the career profiles. Please try again later."
      save={save}
      saved={{ title: 'Career Profile Updated', description: 'Jarvis will now adapt to your profession!' }}
      saveFailedText="Failed to update career profile. Please try again."
    />
  );
}
