import { FormattedMessage, useIntl } from 'react-intl';
import type { ImportReport, ImportRowError } from '../../../machines/table';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';

/**
 * Sheet line of a refused row: the line the page kept for it (blank lines are not sent), else
 * counted from its index (0-based; line 1 is the header).
 */
export const sheetLine = (error: Pick<ImportRowError, 'row' | 'line'>) => error.line ?? error.row + 2;

export interface ImportDialogProps {
  report: ImportReport | null;
  fieldLabel: (field: string) => string;
  /** Blank sheet lines that were skipped (not sent). */
  skipped?: readonly number[];
  onClose: () => void;
}

/** The real outcome of an import: rows imported, or why not, row by row; blank lines skipped. */
export function ImportDialog({ report, fieldLabel, skipped = [], onClose }: ImportDialogProps) {
  const intl = useIntl();
  const skippedNote = skipped.length > 0 && (
    <p className="text-sm text-slate-700">
      <FormattedMessage id="table.importSkipped" values={{ count: skipped.length, lines: skipped.join(intl.formatMessage({ id: 'table.listSeparator' })) }} />
    </p>
  );
  return (
    <Dialog
      open={!!report}
      onClose={onClose}
      title={<FormattedMessage id="table.importTitle" />}
      footer={
        <Button variant="office" onClick={onClose}>
          <FormattedMessage id="btn.close" />
        </Button>
      }
    >
      {report?.ok ? (
        <div className="flex flex-col gap-2">
          <p className="text-sm text-green-800">
            <FormattedMessage id="table.imported" values={{ count: report.imported }} />
          </p>
          {skippedNote}
        </div>
      ) : report ? (
        <div className="flex flex-col gap-3 text-sm">
          <p role="alert" className="text-red-800">
            {report.message || <FormattedMessage id="table.importFailed" />}
          </p>
          {skippedNote}
          {report.errors.length > 0 && (
            <ul aria-label={intl.formatMessage({ id: 'table.importErrors' })} className="max-h-72 list-none overflow-auto rounded border border-slate-200">
              {report.errors.map((error, i) => (
                <li key={i} className="flex gap-3 border-b border-slate-100 px-3 py-1.5 last:border-b-0">
                  <span className="shrink-0 font-medium text-slate-900">
                    <FormattedMessage id="table.importLine" values={{ line: sheetLine(error) }} />
                  </span>
                  <span className="shrink-0 text-slate-700">{fieldLabel(error.field)}</span>
                  <span className="text-red-800">{error.message}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </Dialog>
  );
}
