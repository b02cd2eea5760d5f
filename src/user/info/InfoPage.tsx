import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { saveProfile } from '../../api/account';
import { resultText } from '../../api/client';
import { fetchUser } from '../../api/auth';
import { getSession } from '../../app/sessionActors';
import { FormError } from '../../shop/auth/AuthCard';
import { ImageUpload } from '../../shop/join/ImageUpload';
import { LoadFailed } from '../../shop/shared/States';
import { useResource } from '../../shop/shared/useResource';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { Spinner } from '../../ui/Spinner';
import { toast } from '../../ui/toast';
import { UserLayout } from '../layout/UserLayout';
import { refusedField } from './refusedField';

interface Profile {
  nickname: string;
  avatar: string;
  sex: number;
  birthday: string;
}
type Errors = Partial<Record<keyof Profile, string>>;

const SEXES = [
  { value: 1, id: 'ucentre.info.male' },
  { value: 0, id: 'ucentre.info.female' },
  { value: 2, id: 'ucentre.info.secret' },
];

const today = () => new Date().toISOString().slice(0, 10);

function ProfileForm({ initial, onSaved }: { initial: Profile; onSaved: () => void }) {
  const intl = useIntl();
  const say = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof Profile>(key: K, value: Profile[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    const nickname = values.nickname.trim();
    if (!nickname) found.nickname = say('ucentre.info.rule.nickname');
    else if ([...nickname].length > 15) found.nickname = say('ucentre.info.rule.nicknameLong');
    if (values.birthday && (values.birthday > today() || values.birthday < '1900-01-01')) found.birthday = say('ucentre.info.rule.birthday');
    setErrors(found);
    setError(null);
    if (Object.keys(found).length) return;
    setSaving(true);
    const result = await saveProfile({ ...values, nickname });
    setSaving(false);
    if (result.kind !== 'ok') {
      const field = refusedField(result) as keyof Profile | undefined;
      if (field && field in values) setErrors({ [field]: resultText(result) });
      else setError(resultText(result) || say('msg.fail'));
      return;
    }
    toast.success(say('ucentre.info.saved'));
    getSession(2).send({ type: 'USER.REFRESH' });
    onSaved();
  };

  return (
    <form noValidate onSubmit={submit} className="flex max-w-lg flex-col gap-4">
      <Field label={<FormattedMessage id="ucentre.info.nickname" />} name="nickname" maxLength={15} value={values.nickname} error={errors.nickname} onChange={(e) => set('nickname', e.target.value)} />
      <div className="flex flex-col gap-1">
        <label htmlFor="info-avatar" className="text-sm font-medium text-slate-800">
          <FormattedMessage id="ucentre.info.avatar" />
        </label>
        <ImageUpload id="info-avatar" label={say('ucentre.info.avatar')} value={values.avatar} onChange={(url) => set('avatar', url)} folder="avatar" option={{ width: 150, height: 150 }} round />
        {errors.avatar && <p className="text-xs text-red-700">{errors.avatar}</p>}
      </div>
      <fieldset className="flex flex-col gap-1">
        <legend className="text-sm font-medium text-slate-800">
          <FormattedMessage id="ucentre.info.sex" />
        </legend>
        <div className="flex flex-wrap gap-4">
          {SEXES.map((option) => (
            <label key={option.value} className="flex items-center gap-2 text-sm text-slate-800">
              <input type="radio" name="sex" value={option.value} checked={values.sex === option.value} onChange={() => set('sex', option.value)} className="focus-ring" />
              <FormattedMessage id={option.id} />
            </label>
          ))}
        </div>
      </fieldset>
      <Field label={<FormattedMessage id="ucentre.info.birthday" />} name="birthday" type="date" min="1900-01-01" max={today()} value={values.birthday} error={errors.birthday} onChange={(e) => set('birthday', e.target.value)} />
      <FormError message={error} />
      <div className="flex gap-3">
        <Button type="submit" loading={saving}>
          <FormattedMessage id="ucentre.info.save" />
        </Button>
        <Button variant="secondary" onClick={() => setValues(initial)}>
          <FormattedMessage id="ucentre.info.reset" />
        </Button>
      </div>
    </form>
  );
}

/** /user/info (screens §3.32): nickname, avatar, sex and birthday, saved with POST /api/auth/edit. */
export default function InfoPage() {
  const intl = useIntl();
  const account = useResource('user-info', () => fetchUser(2, { quiet: true }));
  const data = account.data as Record<string, unknown> | undefined;
  return (
    <UserLayout title={intl.formatMessage({ id: 'ucentre.info.title' })}>
      {!data ? (
        account.status === 'failed' ? (
          <LoadFailed message={account.message} onRetry={account.reload} />
        ) : (
          <div className="flex justify-center py-10">
            <Spinner />
          </div>
        )
      ) : (
        <ProfileForm
          key={String(data.updated_at ?? '')}
          initial={{
            nickname: String(data.nickname ?? ''),
            avatar: String(data.avatar ?? ''),
            sex: typeof data.sex === 'number' ? data.sex : 1,
            birthday: typeof data.birthday === 'string' ? data.birthday : '',
          }}
          onSaved={account.reload}
        />
      )}
    </UserLayout>
  );
}
