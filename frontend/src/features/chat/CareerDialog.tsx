import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { CareerId } from '@jarvis/contracts';
import { useToast } from '../../components/toast/toast-context';
import { PersonaChoiceList } from './PersonaChoiceList';
import { upgradeMessage, useCareer, useSaveCareer } from './use-personas';

/** Choose a career profile; saved on selection. Careers other than General need Premium (doc2 §6). */
export function CareerDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { toast } = useToast();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const { data, isLoading, isError } = useCareer();
  const save = useSaveCareer();
  const [upgradeHint, setUpgradeHint] = useState<string | null>(null);

  const select = (id: string) => {
    setUpgradeHint(null);
    save.mutate(id as CareerId, {
      onSuccess: () =>
        toast({
          title: 'Career Profile Updated',
          description: 'Jarvis will now adapt to your profession!',
          variant: 'success',
        }),
      onError: (error) => {
        const hint = upgradeMessage(error);
        if (hint) setUpgradeHint(hint);
        else
          toast({
            title: 'Update Failed',
            description: 'Failed to update career profile. Please try again.',
            variant: 'destructive',
          });
      },
    });
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby="career-title"
    >
      <DialogTitle id="career-title">Career profile</DialogTitle>
      <DialogContent dividers>
        <DialogContentText sx={{ mb: 2 }}>
          Tell Jarvis what you do, so it understands your work: a realtor&apos;s “showings” are property
          showings.
        </DialogContentText>
        {upgradeHint && (
          <Alert severity="info" sx={{ mb: 2 }} data-testid="upgrade-hint">
            {upgradeHint} Upgrade your plan in Account to unlock it.
          </Alert>
        )}
        {isLoading ? (
          <Stack spacing={1}>
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} variant="rounded" height={64} />
            ))}
          </Stack>
        ) : isError || !data ? (
          <Alert severity="error">Could not load the career profiles. Please try again later.</Alert>
        ) : (
          <PersonaChoiceList
            choices={data.careers}
            selectedId={data.careerProfile}
            disabled={save.isPending}
            onSelect={select}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Done</Button>
      </DialogActions>
    </Dialog>
  );
}
