import Autocomplete from '@mui/material/Autocomplete';
import CircularProgress from '@mui/material/CircularProgress';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PLACE_QUERY_MIN_CHARS, usePlaceSuggestions } from './use-place-suggestions';

export const PLACE_TEXTS = {
  loading: 'Looking up places…',
  empty: 'No places found in the United States. You can still type the place.',
  failed: 'Place suggestions are unavailable right now. You can still type the place.',
  typeMore: `Type ${PLACE_QUERY_MIN_CHARS} or more characters for suggestions`,
} as const;

type PlaceFieldProps = Omit<TextFieldProps, 'value' | 'onChange' | 'select' | 'multiline'> & {
  value: string;
  onChange: (value: string) => void;
};

/**
 * A field that asks for a place (doc3 §5, §7, §9): any text may be typed, and from 3 characters on it offers up to 5
 * places in the United States (GET /api/places/suggest, asked once typing pauses). While they load the list says so;
 * when none match, or they cannot be had, the helper text says the typed place still works.
 */
export function PlaceField({
  value,
  onChange,
  helperText,
  error,
  disabled,
  size,
  fullWidth,
  ...field
}: PlaceFieldProps) {
  const places = usePlaceSuggestions(value);
  const typed = value.trim();
  const settled = places.asked === typed && !places.loading;
  let hint = helperText;
  if (!error) {
    if (places.failed && settled) hint = PLACE_TEXTS.failed;
    else if (settled && places.asked && places.suggestions.length === 0) hint = PLACE_TEXTS.empty;
    else if (typed && typed.length < PLACE_QUERY_MIN_CHARS) hint = helperText ?? PLACE_TEXTS.typeMore;
  }
  return (
    <Autocomplete
      freeSolo
      disabled={disabled}
      size={size === 'small' ? 'small' : 'medium'}
      fullWidth={fullWidth}
      options={places.suggestions.map((place) => place.label)}
      // The server matched them already; what was typed need not appear in the label.
      filterOptions={(options) => options}
      value={value}
      inputValue={value}
      onInputChange={(_event, next) => onChange(next)}
      onChange={(_event, next) => onChange(next ?? '')}
      loading={places.loading}
      loadingText={PLACE_TEXTS.loading}
      renderOption={({ key, ...props }, option) => (
        <li key={key} {...props}>
          <Stack direction="row" spacing={1} alignItems="center" sx={{ minWidth: 0 }}>
            <PlaceOutlinedIcon fontSize="small" color="action" aria-hidden />
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {option}
            </Typography>
          </Stack>
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          {...field}
          error={error}
          helperText={hint}
          InputProps={{
            ...params.InputProps,
            endAdornment: (
              <>
                {places.loading && (
                  <CircularProgress size={16} color="inherit" aria-label={PLACE_TEXTS.loading} />
                )}
                {params.InputProps.endAdornment}
              </>
            ),
          }}
        />
      )}
    />
  );
}
