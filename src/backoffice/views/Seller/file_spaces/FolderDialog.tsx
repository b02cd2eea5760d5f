import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { SaveDialog } from '../../../../ui/SaveDialog';
import { Field } from '../../../../ui/Field';
import { FOLDER_NAME_MAX, saveFolder, type Folder } from './spaceApi';

/** New folder / rename folder: a required name of at most 30 characters. */
export function FolderDialog({ folder, onClose, onSaved }: { folder: Folder | null; onClose: () => void; onSaved: () => void }) {
  const intl = useIntl();
  const [name, setName] = useState(folder?.name ?? '');
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setError(intl.formatMessage({ id: 'msg.requiredMsg' }));
    if ([...trimmed].length > FOLDER_NAME_MAX) return setError(intl.formatMessage({ id: 'page.fileSpaces.nameTooLong' }, { max: FOLDER_NAME_MAX }));
    setError('');
    setSaving(true);
    const result = await saveFolder(folder?.id ?? null, trimmed);
    setSaving(false);
    if (result.kind === 'ok') onSaved();
  };

  return (
    <SaveDialog
      onClose={onClose}
      title={<FormattedMessage id={folder ? 'page.fileSpaces.renameFolder' : 'page.fileSpaces.addFolder'} />}
      onSubmit={submit}
      saving={saving}
      formClass=""
    >
      <Field
        label={<FormattedMessage id="page.fileSpaces.folderName" />}
        name="name"
        required
        limit={FOLDER_NAME_MAX}
        value={name}
        error={error || undefined}
        onChange={(e) => setName(e.target.value)}
      />
    </SaveDialog>
  );
}
