import { forwardRef, useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SendIcon from '@mui/icons-material/Send';
import { api } from '@jarvis/contracts';
import type { ContactMessage } from '../../api/support';
import { useToast } from '../../components/toast/toast-context';
import { useSendContactMessage } from './use-contact-support';

type Field = keyof ContactMessage;
const EMPTY: ContactMessage = { name: '', email: '', subject: '', message: '' };

/** The support contact form: name, email, subject and message, all required; POST /api/contact. */
export const ContactSupportForm = forwardRef<HTMLDivElement, { defaults?: Partial<ContactMessage> }>(
  function ContactSupportForm({ defaults }, ref) {
    const { toast } = useToast();
    const [values, setValues] = useState<ContactMessage>({ ...EMPTY, ...defaults });
    const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
    const sendContactMessage = useSendContactMessage();
    const sending = sendContactMessage.isPending;

    const set = (field: Field) => (e: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [field]: e.target.value }));
      setErrors((errs) => ({ ...errs, [field]: undefined }));
    };

    const submit = async (event: FormEvent) => {
      event.preventDefault();
      const parsed = api.notifications.contact.request.safeParse(values);
      if (!parsed.success) {
        const next: Partial<Record<Field, string>> = {};
        for (const issue of parsed.error.issues) {
          const field = issue.path[0] as Field;
          next[field] ??= values[field].trim() ? issue.message : 'This field is required';
        }
        setErrors(next);
        return;
      }
      try {
        await sendContactMessage.mutateAsync(parsed.data);
        toast({ title: 'Message sent!', description: "We'll get back to you soon.", variant: 'success' });
        setValues({ ...EMPTY, ...defaults, subject: '', message: '' });
      } catch {
        toast({
          title: 'Failed to send message',
          description: 'Please try again later',
          variant: 'destructive',
        });
      }
    };

    const field = (name: Field, label: string, extra: object = {}) => (
      <TextField
        fullWidth
        required
        name={name}
        label={label}
        value={values[name]}
        onChange={set(name)}
        error={Boolean(errors[name])}
        helperText={errors[name]}
        {...extra}
      />
    );

    return (
      <Card ref={ref} id="contact-support">
        <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
          <Typography variant="h6" component="h2">
            Contact Support
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2.5 }}>
            Send us a message and our team will reply by e-mail.
          </Typography>
          <Stack component="form" noValidate onSubmit={(e) => void submit(e)} spacing={2}>
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, sm: 6 }}>{field('name', 'Name', { autoComplete: 'name' })}</Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                {field('email', 'Email', { type: 'email', autoComplete: 'email' })}
              </Grid>
            </Grid>
            {field('subject', 'Subject')}
            {field('message', 'Message', { multiline: true, minRows: 4 })}
            <Button
              type="submit"
              variant="contained"
              startIcon={<SendIcon />}
              disabled={sending}
              sx={{ alignSelf: 'flex-start' }}
            >
              {sending ? 'Sending...' : 'Send Message'}
            </Button>
          </Stack>
        </CardContent>
      </Card>
    );
  },
);
