// Uploading the bank's statement (CAMT.053 or MT940): one file, chosen or dropped; the server
// reads it and matches its credits, and the statement's page opens. A file it refuses says why on
// the field itself.
import { useState, type DragEvent } from 'react';
import { Box, FormHelperText, FormLabel, Typography } from '@mui/material';
import {
  Create,
  SaveButton,
  SimpleForm,
  Toolbar,
  useInput,
  useNotify,
  useRedirect,
  useTranslate,
  ValidationError,
  type Validator,
} from 'react-admin';
import { BANK_STATEMENT_MAX_BYTES, BANK_STATEMENT_TEXT } from '@domain/bankStatements';
import { errorMessage } from '../httpClient';
import { FocusServerError } from '../payments/FocusServerError';
import type { BankStatement } from './api';

/** The names banks give statement files. */
export const STATEMENT_FILE_TYPES = '.xml,.sta,.txt,.940,.mt940';

const fileChosen: Validator = (value: unknown) => (value instanceof Blob ? undefined : BANK_STATEMENT_TEXT.fileMissing);
const fileNotTooLarge: Validator = (value: unknown) =>
  value instanceof Blob && value.size > BANK_STATEMENT_MAX_BYTES ? BANK_STATEMENT_TEXT.tooLarge : undefined;

/** A native file input (labelled, reachable by Tab) in a box that also takes a dropped file. */
function StatementFileInput() {
  const translate = useTranslate();
  const { id, field, fieldState, formState } = useInput({ source: 'file', validate: [fileChosen, fileNotTooLarge] });
  const [dragging, setDragging] = useState(false);
  const invalid = fieldState.invalid && (fieldState.isTouched || formState.isSubmitted);
  const file = field.value instanceof File ? field.value : null;
  const take = (next: File | null) => {
    field.onChange(next);
    field.onBlur();
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    const dropped = e.dataTransfer.files?.[0];
    if (dropped) take(dropped);
  };
  return (
    <Box
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      sx={{
        width: '100%',
        maxWidth: '40em',
        p: 3,
        border: '2px dashed',
        borderColor: invalid ? 'error.main' : dragging ? 'primary.main' : 'divider',
        borderRadius: 1,
        bgcolor: dragging ? 'action.hover' : undefined,
      }}
    >
      <FormLabel htmlFor={id} error={invalid} sx={{ display: 'block', mb: 1, fontWeight: 600, color: 'text.primary' }}>
        {translate('app.bankStatements.file')} *
      </FormLabel>
      <Box
        component="input"
        id={id}
        ref={field.ref}
        name={field.name}
        type="file"
        accept={STATEMENT_FILE_TYPES}
        aria-invalid={invalid}
        aria-describedby={`${id}-help${invalid ? ` ${id}-error` : ''}`}
        onChange={(e: React.ChangeEvent<HTMLInputElement>) => take(e.target.files?.[0] ?? null)}
        sx={{ display: 'block', maxWidth: '100%', font: 'inherit' }}
      />
      <Typography id={`${id}-help`} variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {translate('app.bankStatements.dropHere')} {translate('app.bankStatements.uploadHelp')}
      </Typography>
      <Box role="status" aria-live="polite">
        {file && (
          <Typography variant="body2" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
            {translate('app.bankStatements.chosen', { name: file.name })}
          </Typography>
        )}
      </Box>
      {invalid && fieldState.error?.message && (
        <FormHelperText id={`${id}-error`} error sx={{ mt: 1, fontSize: '0.875rem' }}>
          <ValidationError error={fieldState.error.message} />
        </FormHelperText>
      )}
    </Box>
  );
}

function UploadToolbar() {
  return (
    <Toolbar>
      <SaveButton label="app.bankStatements.upload" alwaysEnable />
    </Toolbar>
  );
}

export function BankStatementUpload() {
  const notify = useNotify();
  const redirect = useRedirect();
  const translate = useTranslate();
  return (
    <Create
      title="app.bankStatements.uploadTitle"
      mutationOptions={{
        onSuccess: (data: BankStatement) => {
          notify('app.bankStatements.read', { type: 'success', messageArgs: data.counts });
          redirect('show', 'bank-statements', data.id);
        },
        onError: (error: unknown) => notify(errorMessage(error, translate('app.bankStatements.failed')), { type: 'error' }),
      }}
    >
      <SimpleForm toolbar={<UploadToolbar />}>
        <FocusServerError />
        <StatementFileInput />
      </SimpleForm>
    </Create>
  );
}
