import TextField from '@mui/material/TextField';
import { api as contracts } from '@jarvis/contracts';
import { serverMessageOr } from '../../api/client';
import { useSaveConversation } from '../conversations/use-conversations';
import { useToast } from '../../components/toast/toast-context';
import { FormDialog } from '../../forms/FormDialog';
import { defineContractForm, inputOf, useContractForm } from '../../forms/contract-form';
import { NO_MESSAGES_TOAST } from '../../state/chat-message';

interface SaveConversationForm {
  title: string;
  description: string;
}

const EMPTY: SaveConversationForm = { title: '', description: '' };

/** The title and description as chat.saveConversation takes them: trimmed, a blank description left out. */
function toSaveInput(values: SaveConversationForm) {
  return {
    title: values.title.trim(),
    ...(values.description.trim() ? { description: values.description.trim() } : {}),
  };
}

/**
 * Checked in the browser by chat.saveConversation's own rule for the title, whose message is doc2's (the fields'
 * lengths are their inputs' limits); the messages are the chat's, not typed, and checked before the dialog opens.
 */
const saveConversationForm = defineContractForm({
  schema: contracts.chat.saveConversation.request,
  checks: ['title'],
  toInput: (values: SaveConversationForm) => ({ ...toSaveInput(values), messageIds: [] as string[] }),
});

/** Saves the shown conversation with a title and an optional description (doc2 §8). */
export function SaveConversationDialog({
  open,
  messageIds,
  onClose,
}: {
  open: boolean;
  messageIds: string[];
  onClose: () => void;
}) {
  const { toast } = useToast();
  const save = useSaveConversation();
  const form = useContractForm<SaveConversationForm>(saveConversationForm, EMPTY);

  const close = () => {
    if (save.isPending) return;
    form.reset(EMPTY);
    onClose();
  };

  // A problem is said in a toast, not under a field (doc2 §8).
  const submit = form.handleSubmit(
    async (values) => {
      if (messageIds.length === 0) {
        toast({ ...NO_MESSAGES_TOAST, variant: 'destructive' });
        return;
      }
      const input = toSaveInput(values);
      try {
        await save.mutateAsync({ ...input, messageIds });
      } catch (error) {
        toast({
          title: 'Failed to save conversation',
          description: serverMessageOr(error, 'Something went wrong while saving.'),
          variant: 'destructive',
        });
        return;
      }
      toast({
        title: 'Conversation saved!',
        description: `“${input.title}” is in your saved conversations.`,
        variant: 'success',
      });
      form.reset(EMPTY);
      onClose();
    },
    (errors) => {
      const problem = errors.title?.message;
      if (problem) toast({ title: 'Title required', description: problem, variant: 'destructive' });
    },
  );

  return (
    <FormDialog
      id="save-conversation"
      open={open}
      title="Save conversation"
      description={`Keep these ${messageIds.length} messages to reopen or share later.`}
      onClose={close}
      onSubmit={(event) => void submit(event)}
      pending={save.isPending}
      submitLabel="Save"
    >
      <TextField
        autoFocus
        fullWidth
        label="Title"
        {...inputOf(form, 'title')}
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
      <TextField
        fullWidth
        multiline
        minRows={2}
        label="Description (optional)"
        {...inputOf(form, 'description')}
        slotProps={{ htmlInput: { maxLength: 2000 } }}
      />
    </FormDialog>
  );
}
