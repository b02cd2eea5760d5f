import { useMachine, useSelector } from '@xstate/react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { AreaIndex } from '../../../machines/areas';
import { NICKNAME_REQUIRED } from '../../../machines/backofficeShell.machine';
import { useLabActor } from '../../app/devRegistry';
import { getInspect } from '../../app/inspectHook';
import { SaveDialog } from '../../ui/SaveDialog';
import { Field } from '../../ui/Field';
import { Spinner } from '../../ui/Spinner';
import { boundUploadMachine } from '../../app/uploadMachine';
import { UploadButton } from '../../ui/UploadButton';
import { Avatar } from './Avatar';
import type { ShellActor } from './shellActor';

/**
 * User info dialog (spec §2, §4, §5): loads the user when opened; nickname required, password
 * blank = unchanged, avatar 150×150 uploaded to {prefix}uploads with name=avatar.
 */
export default function UserInfoDialog({ area, actor }: { area: AreaIndex; actor: ShellActor }) {
  const intl = useIntl();
  const fileId = useId();
  const loading = useSelector(actor, (s) => s.matches({ userDialog: 'loading' }));
  const saving = useSelector(actor, (s) => s.matches({ userDialog: 'saving' }));
  const user = useSelector(actor, (s) => s.context.dialogUser);
  const dialogError = useSelector(actor, (s) => s.context.dialogError);
  const dialogErrorField = useSelector(actor, (s) => s.context.dialogErrorField);
  // A field's error goes as soon as the field is changed (the next save checks it again).
  const [changed, setChanged] = useState<{ error: string | null; fields: Set<string> }>({ error: null, fields: new Set() });
  const edited = changed.error === dialogError ? changed.fields : new Set<string>();
  const touch = (field: string) => setChanged({ error: dialogError, fields: new Set(edited).add(field) });
  const labels: Record<string, string> = {
    nickname: intl.formatMessage({ id: 'user.nickname' }),
    password: intl.formatMessage({ id: 'user.password' }),
    avatar: intl.formatMessage({ id: 'user.avatar' }),
  };
  // The server names the field by its key ("password 至少需要 6 个字符。"): show it by its label.
  const serverError = dialogError && dialogError !== NICKNAME_REQUIRED ? (dialogErrorField && labels[dialogErrorField] ? dialogError.split(dialogErrorField).join(labels[dialogErrorField]) : dialogError) : null;
  const errorOn = (field: string) => (serverError && dialogErrorField === field && !edited.has(field) ? serverError : undefined);
  const [nickname, setNickname] = useState('');
  const [password, setPassword] = useState('');
  const [oldPassword, setOldPassword] = useState('');
  const [avatar, setAvatar] = useState('');
  const [upload, sendUpload, uploadRef] = useMachine(boundUploadMachine, {
    input: { area, folder: 'avatar', option: { width: 150, height: 150 }, maxFiles: 1 },
    inspect: getInspect(),
  });
  useLabActor('upload.avatar', uploadRef);

  useEffect(() => {
    if (user) {
      setNickname(String(user.nickname ?? ''));
      setAvatar(String(user.avatar ?? ''));
      setPassword('');
      setOldPassword('');
    }
  }, [user]);

  useEffect(() => {
    if (upload.matches('done') && upload.context.urls[0]) setAvatar(upload.context.urls[0]);
  }, [upload]);

  const close = () => actor.send({ type: 'USERDIALOG.CANCEL' });
  const save = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'USERDIALOG.SAVE', nickname, password, ...(password ? { old_password: oldPassword } : {}), ...(avatar ? { avatar } : {}) });
  };

  return (
    <SaveDialog
      onClose={close}
      title={<FormattedMessage id="shell.userInfo" />}
      onSubmit={save}
      saving={saving}
      loading={loading}
    >
      {serverError && !(dialogErrorField && labels[dialogErrorField]) && (
        <p role="alert" className="rounded border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {serverError}
        </p>
      )}
      <Field
        label={<FormattedMessage id="user.nickname" />}
        name="nickname"
        required
        value={nickname}
        onChange={(e) => {
          setNickname(e.target.value);
          touch('nickname');
        }}
        error={dialogError === NICKNAME_REQUIRED && !edited.has('nickname') ? intl.formatMessage({ id: 'msg.requiredMsg' }) : errorOn('nickname')}
      />
      <Field
        label={<FormattedMessage id="user.password" />}
        name="password"
        type="password"
        autoComplete="new-password"
        value={password}
        hint={<FormattedMessage id="user.passwordHint" />}
        onChange={(e) => {
          setPassword(e.target.value);
          touch('password');
        }}
        error={errorOn('password')}
      />
      {password && (
        <Field
          label={<FormattedMessage id="shell.currentPassword" />}
          name="old_password"
          type="password"
          autoComplete="current-password"
          required
          value={oldPassword}
          hint={<FormattedMessage id="shell.currentPasswordHint" />}
          onChange={(e) => setOldPassword(e.target.value)}
        />
      )}
      <div className="flex flex-col gap-1">
        <label htmlFor={fileId} className="text-sm font-medium text-slate-800">
          <FormattedMessage id="user.avatar" />
        </label>
        <div className="flex items-center gap-4">
          <Avatar src={avatar} name={nickname} size={64} />
          <UploadButton
            id={fileId}
            accept="image/*"
            describedBy={`${fileId}-hint`}
            caption={<FormattedMessage id="ux.upload.image" />}
            onFiles={(files) => {
              sendUpload({ type: 'UPLOAD.PICK', files });
              touch('avatar');
            }}
          />
          {upload.matches('uploading') && <Spinner size="sm" />}
        </div>
        <p id={`${fileId}-hint`} className="text-xs text-slate-600">
          <FormattedMessage id="user.avatarHint" />
        </p>
        {errorOn('avatar') && (
          <p role="alert" className="text-xs text-red-700">
            {errorOn('avatar')}
          </p>
        )}
      </div>
    </SaveDialog>
  );
}
