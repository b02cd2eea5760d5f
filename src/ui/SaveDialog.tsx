import { useId, type FormEvent, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Button } from './Button';
import { Dialog } from './Dialog';
import { Spinner } from './Spinner';

export interface SaveDialogProps {
  title: ReactNode;
  onClose: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The save request is under way: the save button shows its loading state. */
  saving: boolean;
  /** The record is still loading: a spinner instead of the form, save disabled. */
  loading?: boolean;
  widthClass?: string;
  /** Classes of the form element (default: a column of fields). */
  formClass?: string;
  children: ReactNode;
}

/** A dialog holding one form, with Cancel and Submit (the form's submit button) in its footer, like every back-office form dialog. */
export function SaveDialog({ title, onClose, onSubmit, saving, loading = false, widthClass, formClass = 'flex flex-col gap-4', children }: SaveDialogProps) {
  const formId = useId();
  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      widthClass={widthClass}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            <FormattedMessage id="btn.cancel" />
          </Button>
          <Button type="submit" form={formId} variant="office" loading={saving} disabled={loading}>
            <FormattedMessage id="btn.submit" />
          </Button>
        </>
      }
    >
      {loading ? (
        <div className="flex justify-center py-8 text-slate-500">
          <Spinner />
        </div>
      ) : (
        <form id={formId} noValidate onSubmit={onSubmit} className={formClass}>
          {children}
        </form>
      )}
    </Dialog>
  );
}
