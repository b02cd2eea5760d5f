import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { seatsLeft, type GroupMember } from '../../../machines/groupBuy';
import type { GroupCard } from '../../api/promotions';
import { Img } from '../shared/Img';
import { Price } from '../shared/Price';
import { Countdown } from './Countdown';

/** Avatars of a group's members (empty seats as dashed circles), with their masked names for screen readers. */
export function Members({ members, need }: { members: GroupMember[]; need: number }) {
  const intl = useIntl();
  const empty = Math.max(0, need - members.length);
  return (
    <ul className="flex flex-wrap gap-2" aria-label={intl.formatMessage({ id: 'shop.promo.members' })}>
      {members.map((m, i) => (
        <li key={i} className="flex flex-col items-center gap-1 text-xs text-slate-700">
          <span className="flex h-10 w-10 items-center justify-center overflow-hidden rounded-full bg-red-100 font-semibold text-brand">
            {m.avatar ? <img src={m.avatar} alt="" width={40} height={40} className="h-10 w-10 object-cover" /> : [...m.nickname][0]}
          </span>
          <span className="max-w-16 truncate">{m.nickname}</span>
          <span className={m.paid ? 'text-green-700' : 'text-slate-500'}>
            <FormattedMessage id={m.paid ? 'shop.promo.memberPaid' : 'shop.promo.memberUnpaid'} />
          </span>
        </li>
      ))}
      {Array.from({ length: empty }, (_, i) => (
        <li key={`empty-${i}`} className="flex flex-col items-center gap-1 text-xs text-slate-500">
          <span aria-hidden="true" className="h-10 w-10 rounded-full border-2 border-dashed border-slate-300" />
          <FormattedMessage id="shop.promo.emptySeat" />
        </li>
      ))}
    </ul>
  );
}

/** An open group on /collectives: goods, group price, who opened it, seats left and time left. */
export function GroupItem({ group }: { group: GroupCard }) {
  const intl = useIntl();
  const label = intl.formatMessage({ id: 'shop.promo.endsIn' });
  return (
    <li className="flex gap-3 rounded border border-slate-200 bg-white p-3">
      <span className="w-20 shrink-0">
        <Img src={group.goods_master_image} alt={group.goods_name} width={400} height={400} />
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-1 text-sm">
        <Link href={`/goods/${group.goods_id}`} className="focus-ring line-clamp-1 text-slate-900 hover:text-brand">
          {group.goods_name}
        </Link>
        <span className="flex items-baseline gap-2">
          <Price value={group.group_price} className="font-bold text-brand" />
          <FormattedMessage id="shop.promo.groupOf" values={{ n: group.need }} />
        </span>
        <span className="text-slate-700">
          <FormattedMessage id="shop.promo.openedBy" values={{ name: group.nickname, n: seatsLeft(group) }} />
        </span>
        <span className="flex items-center gap-2 text-xs text-slate-600">
          {label}
          {group.ends_in > 0 && <Countdown seconds={group.ends_in} label={label} />}
        </span>
      </div>
      <Link href={`/collectives/group/${group.id}`} className="focus-ring self-center rounded bg-brand px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-dark">
        <FormattedMessage id="shop.promo.view" />
      </Link>
    </li>
  );
}
