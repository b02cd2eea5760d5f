import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { listMoneyLogs, loadCashAccount } from '../../api/cashes';
import { pointsText } from '../../api/points';
import { LoadFailed } from '../../shop/shared/States';
import { useResource } from '../../shop/shared/useResource';
import { Empty } from '../../ui/Empty';
import { Pagination } from '../../ui/Pagination';
import { Spinner } from '../../ui/Spinner';
import { UserLayout } from '../layout/UserLayout';
import { ledgerNameKey } from './logName';

const PER_PAGE = 20;
const TYPES = [0, 1, 2] as const;

/** One kind of log, newest first, paged: name, signed change, details, time. */
function LogList({ isType }: { isType: 0 | 1 | 2 }) {
  const intl = useIntl();
  const [page, setPage] = useState(1);
  const list = useResource(`user-money-logs:${isType}:${page}`, () => listMoneyLogs(isType, page, PER_PAGE));
  if (list.status === 'failed') return <LoadFailed message={list.message} onRetry={list.reload} />;
  if (!list.data)
    return (
      <div className="flex justify-center py-10 text-slate-500">
        <Spinner />
      </div>
    );
  if (list.data.data.length === 0)
    return (
      <Empty>
        <FormattedMessage id="ucentre.mlog.empty" />
      </Empty>
    );
  const logName = (name: string) => {
    const key = ledgerNameKey(name);
    return key ? intl.formatMessage({ id: key }) : name;
  };
  return (
    <div className="flex flex-col gap-3">
      <table className="w-full text-left text-sm">
        <thead className="hidden border-b border-slate-200 text-slate-600 sm:table-header-group">
          <tr>
            {['name', 'money', 'info', 'time'].map((key) => (
              <th key={key} scope="col" className="px-2 py-2 font-medium">
                <FormattedMessage id={`ucentre.mlog.${key}`} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {list.data.data.map((row) => {
            const negative = row.money.startsWith('-');
            // points are whole numbers: '800', not '800.00'
            const amount = isType === 2 ? pointsText(row.money) : row.money;
            return (
              <tr key={row.id} className="grid grid-cols-2 gap-1 border-b border-slate-100 py-2 sm:table-row" data-testid="money-log">
                <td className="px-2 font-medium text-slate-900 sm:py-2">{logName(row.name)}</td>
                <td className={`px-2 text-right font-semibold sm:py-2 sm:text-left ${negative ? 'text-slate-900' : 'text-green-800'}`}>{negative ? amount : `+${amount}`}</td>
                <td className="col-span-2 break-all px-2 text-slate-600 sm:py-2">{row.info || '-'}</td>
                <td className="col-span-2 px-2 text-xs text-slate-600 sm:py-2 sm:text-sm">{row.created_at}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {list.data.total > PER_PAGE && <Pagination page={page} perPage={PER_PAGE} total={list.data.total} sizes={[PER_PAGE]} onPage={setPage} onSize={() => {}} />}
    </div>
  );
}

/** /user/money_logs (screens §3.29 平台资金 / 冻结资金 / 平台积分 in one page): each balance now and the logs that explain it. */
export default function MoneyLogsPage() {
  const intl = useIntl();
  const account = useResource('user-cash-account', () => loadCashAccount(2));
  const now = [account.data?.balance, account.data?.frozen];
  return (
    <UserLayout title={intl.formatMessage({ id: 'ucentre.menu.moneyLogs' })}>
      <TabGroup>
        <TabList aria-label={intl.formatMessage({ id: 'ucentre.mlog.tabs' })} className="mb-4 flex gap-1 overflow-x-auto border-b border-slate-200">
          {TYPES.map((type) => (
            <Tab key={type} className="focus-ring whitespace-nowrap border-b-2 border-transparent px-3 py-2 text-sm text-slate-700 data-[selected]:border-brand data-[selected]:font-medium data-[selected]:text-brand">
              <FormattedMessage id={`ucentre.mlog.type.${type}`} />
            </Tab>
          ))}
        </TabList>
        <TabPanels>
          {TYPES.map((type) => (
            <TabPanel key={type} className="flex flex-col gap-3">
              {type < 2 && now[type] !== undefined && (
                <p className="text-sm text-slate-700">
                  <FormattedMessage id="ucentre.mlog.now" values={{ amount: `￥${now[type]}` }} />
                </p>
              )}
              <LogList isType={type} />
            </TabPanel>
          ))}
        </TabPanels>
      </TabGroup>
    </UserLayout>
  );
}
