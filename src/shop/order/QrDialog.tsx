import { FormattedMessage, useIntl } from 'react-intl';
import type { QrCode } from '../../../machines/payment';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Spinner } from '../../ui/Spinner';
import { Money } from '../cart/Money';
import { QrImage } from './QrImage';

export interface QrDialogProps {
  qr: QrCode | null;
  totalCents: number;
  onClose: () => void;
}

/**
 * The scan-to-pay dialog (WeChat Pay / Alipay): the QR, the amount, and a wait that ends by itself
 * when the payment is confirmed. In test mode (no keys configured, the development provider stands
 * in) it says so plainly and links the provider's confirm page, which the QR also opens.
 */
export function QrDialog({ qr, totalCents, onClose }: QrDialogProps) {
  const intl = useIntl();
  const method = qr?.method === 'alipay' ? 'alipay' : 'wechat';
  return (
    <Dialog open={!!qr} onClose={onClose} title={<FormattedMessage id={`shop.order.qrTitle.${method}`} />} widthClass="w-[92vw] max-w-sm">
      {qr && (
        <div className="flex flex-col items-center gap-3 text-center text-sm text-slate-800" data-testid="qr-dialog">
          {qr.testMode && (
            <div role="note" className="w-full rounded border-2 border-amber-500 bg-amber-50 px-3 py-2 text-left text-amber-900">
              <p className="font-semibold" data-testid="test-mode">
                <FormattedMessage id="shop.order.testMode" />
              </p>
              <p className="mt-1 text-xs">
                <FormattedMessage id="shop.order.testModeHint" />
              </p>
              <a href={qr.codeUrl} target="_blank" rel="noopener noreferrer" className="focus-ring mt-2 inline-block rounded font-medium text-amber-900 underline">
                <FormattedMessage id="shop.order.testModeOpen" />
              </a>
            </div>
          )}
          <QrImage text={qr.codeUrl} label={intl.formatMessage({ id: `shop.order.qrLabel.${method}` })} />
          <p>
            <FormattedMessage id="shop.order.qrAmount" values={{ total: <Money cents={totalCents} className="text-lg font-semibold text-brand" /> }} />
          </p>
          <p className="flex items-center gap-2 text-slate-600" aria-live="polite">
            <Spinner size="sm" />
            <FormattedMessage id={`shop.order.qrWaiting.${method}`} />
          </p>
          <Button variant="secondary" onClick={onClose}>
            <FormattedMessage id="shop.order.qrClose" />
          </Button>
        </div>
      )}
    </Dialog>
  );
}
