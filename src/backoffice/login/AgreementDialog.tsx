import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { loadAgreement, richTextHtml } from '../../api/storeApplication';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Spinner } from '../../ui/Spinner';

type Text = { status: 'loading' } | { status: 'ready'; title: string; html: string } | { status: 'failed' };

/**
 * The site agreement of the login pages (reference screens §2.8 agreement dialog): `GET
 * /agreements/agreement`, its name as the title and the HTML part of its content. The link only
 * toggled the checkbox before (issue 15).
 */
export function AgreementDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const intl = useIntl();
  const [text, setText] = useState<Text>({ status: 'loading' });
  useEffect(() => {
    if (!open) return;
    let live = true;
    setText({ status: 'loading' });
    void loadAgreement('agreement').then((result) => {
      if (!live) return;
      if (result.kind === 'ok') setText({ status: 'ready', title: result.data?.name ?? '', html: richTextHtml(result.data?.content) });
      else setText({ status: 'failed' });
    });
    return () => {
      live = false;
    };
  }, [open]);

  const title = text.status === 'ready' && text.title ? text.title : intl.formatMessage({ id: 'auth.backoffice.agreementTitle' });
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      widthClass="w-[92vw] md:w-[60%] md:min-w-[360px]"
      footer={
        <Button variant="office" onClick={onClose}>
          <FormattedMessage id="btn.confirm" />
        </Button>
      }
    >
      {text.status === 'loading' && <Spinner size="sm" label={intl.formatMessage({ id: 'auth.backoffice.agreementLoading' })} />}
      {text.status === 'failed' && (
        <p role="alert" className="text-sm text-red-800">
          <FormattedMessage id="auth.backoffice.agreementFailed" />
        </p>
      )}
      {text.status === 'ready' && <div className="prose prose-sm max-h-[60vh] max-w-none overflow-y-auto" dangerouslySetInnerHTML={{ __html: text.html }} />}
    </Dialog>
  );
}
