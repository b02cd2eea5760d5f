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
      <Field
        label={<FormattedMessage id="user.nickname" />}
        name="nickname"
        required
        value={nickname}
        onChange={(e) => setNickname(e.target.value)}
        error={dialogError === NICKNAME_REQUIRED ? intl.formatMessage({ id: 'msg.requiredMsg' }) : undefined}
      />
      <Field
        label={<FormattedMessage id="user.password" />}
        name="password"
        type="password"
        autoComplete="new-password"
        value={password}
        hint={<FormattedMessage id="user.passwordHint" />}
        onChange={(e) => setPassword(e.target.value)}
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
          <input
            id={fileId}
            type="file"
            accept="image/*"
            aria-describedby={`${fileId}-hint`}
            onChange={(e) => {
              const files = Array.from(e.target.files ?? []);
              if (files.length) sendUpload({ type: 'UPLOAD.PICK', files });
              e.target.value = '';
            }}
            className="focus-ring text-sm text-slate-700 file:mr-3 file:rounded file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm"
          />
          {upload.matches('uploading') && <Spinner size="sm" />}
        </div>
        <p id={`${fileId}-hint`} className="text-xs text-slate-600">
          <FormattedMessage id="user.avatarHint" />
        </p>
      </div>
    </SaveDialog>
  );
}
