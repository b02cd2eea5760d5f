import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useSearch } from 'wouter';
import { navigate } from '../../app/navigation';
import { UserLayout } from '../layout/UserLayout';
import { Commissions, Invitees, LEVELS } from './referralLists';

/** The level of `?lev=0|1|2` (0, direct invitees, otherwise). */
export function levelOf(search: string): (typeof LEVELS)[number] {
  const lev = Number(new URLSearchParams(search).get('lev'));
  return lev === 1 || lev === 2 ? lev : 0;
}

/** /user/distribution_users (spec §2, screens §3.29): my referred users by level, the level in the address. */
function Users() {
  const level = levelOf(useSearch());
  return (
    <TabGroup selectedIndex={level} onChange={(index) => navigate(index === 0 ? '/user/distribution_users' : `/user/distribution_users?lev=${index}`)}>
      <TabList className="mb-3 flex flex-wrap gap-2 border-b border-slate-200">
        {LEVELS.map((lev) => (
          <Tab key={lev} className="focus-ring -mb-px border-b-2 border-transparent px-3 py-2 text-sm text-slate-700 data-[selected]:border-brand data-[selected]:text-brand">
            <FormattedMessage id={`ucentre.referral.tab${lev + 1}`} />
          </Tab>
        ))}
      </TabList>
      <TabPanels>
        {LEVELS.map((lev) => (
          <TabPanel key={lev}>
            <Invitees level={lev} />
          </TabPanel>
        ))}
      </TabPanels>
    </TabGroup>
  );
}

/** /user/distribution_users and /user/distribution_logs (my commissions). */
export default function ReferralListPage() {
  const intl = useIntl();
  const [path] = useLocation();
  const logs = path.startsWith('/user/distribution_logs');
  return (
    <UserLayout title={intl.formatMessage({ id: logs ? 'ucentre.menu.referralLogs' : 'ucentre.menu.referralUsers' })}>
      {logs ? <Commissions /> : <Users />}
    </UserLayout>
  );
}
