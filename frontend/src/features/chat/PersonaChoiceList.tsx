import type { ReactNode } from 'react';
import Avatar from '@mui/material/Avatar';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import type { PersonaChoice } from '../../api/chat';
import { PersonaIcon } from './persona-icons';

const TIER_LABEL = { free: '', premium: 'Premium', enterprise: 'Enterprise' } as const;

/** The choices of a personality or career dialog: icon in the choice's own colour, name, description. */
export function PersonaChoiceList({
  choices,
  selectedId,
  disabled,
  onSelect,
  secondaryAction,
}: {
  choices: PersonaChoice[];
  selectedId?: string;
  disabled?: boolean;
  onSelect: (id: string) => void;
  secondaryAction?: (choice: PersonaChoice) => ReactNode;
}) {
  return (
    <List disablePadding>
      {choices.map((choice) => {
        const selected = choice.id === selectedId;
        const tier = choice.requiredTier ? TIER_LABEL[choice.requiredTier] : '';
        return (
          <Stack key={choice.id} direction="row" alignItems="center" spacing={1} sx={{ mb: 0.5 }}>
            <ListItemButton
              selected={selected}
              disabled={disabled}
              onClick={() => onSelect(choice.id)}
              aria-current={selected ? 'true' : undefined}
              sx={{ alignItems: 'flex-start', border: 1, borderColor: selected ? 'primary.main' : 'divider' }}
            >
              <ListItemAvatar sx={{ minWidth: 48, mt: 0.5 }}>
                {/* The colour is the choice's own, sent by the server with it. */}
                <Avatar
                  sx={{
                    width: 34,
                    height: 34,
                    bgcolor: choice.color ?? 'primary.main',
                    color: 'common.white',
                  }}
                >
                  <PersonaIcon name={choice.icon} />
                </Avatar>
              </ListItemAvatar>
              <ListItemText
                primary={
                  <Stack direction="row" spacing={1} alignItems="center" useFlexGap flexWrap="wrap">
                    <span>{choice.name}</span>
                    {tier && <Chip size="small" label={tier} color="secondary" variant="outlined" />}
                    {selected && (
                      <CheckCircleIcon color="primary" sx={{ fontSize: 18 }} aria-label="Current choice" />
                    )}
                  </Stack>
                }
                secondary={choice.description}
              />
            </ListItemButton>
            {secondaryAction?.(choice)}
          </Stack>
        );
      })}
    </List>
  );
}
