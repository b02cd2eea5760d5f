import { FormattedMessage } from 'react-intl';

const STATUS: Record<number, { id: string; tone: string }> = {
  0: { id: 'ucentre.points.status.cancelled', tone: 'bg-slate-100 text-slate-700' },
  2: { id: 'ucentre.points.status.paid', tone: 'bg-amber-100 text-amber-800' },
  3: { id: 'ucentre.points.status.shipped', tone: 'bg-green-100 text-green-800' },
};

/** A points order's state as a tag (2 awaiting shipment, 3 shipped, 0 cancelled). */
export function PointsStatus({ status }: { status: number }) {
  const s = STATUS[status] ?? STATUS[2];
  return (
    <span className={`rounded px-2 py-0.5 text-xs font-medium ${s.tone}`}>
      <FormattedMessage id={s.id} />
    </span>
  );
}
