import { useIntl } from 'react-intl';
import type { AreaIndex } from '../../../machines/areas';
import { useSession } from '../../app/session';
import { Dropdown } from '../../ui/Dropdown';
import { Avatar } from './Avatar';
import type { ShellActor } from './shellActor';

/** Avatar + nickname dropdown with two items: user info and logout. */
export function UserMenu({ area, actor }: { area: AreaIndex; actor: ShellActor }) {
  const intl = useIntl();
  const session = useSession(area);
  const name = session.user?.nickname || session.user?.username || '';
  return (
    <Dropdown
      buttonLabel={intl.formatMessage({ id: 'shell.userMenu' }, { name })}
      button={
        <>
          <Avatar src={session.user?.avatar} name={name} />
          <span className="hidden sm:inline">{intl.formatMessage({ id: 'shell.hello' }, { name })}</span>
        </>
      }
      items={[
        { key: 'info', label: intl.formatMessage({ id: 'shell.userInfo' }), onSelect: () => actor.send({ type: 'USERDIALOG.OPEN' }) },
        { key: 'logout', label: intl.formatMessage({ id: 'shell.logout' }), onSelect: () => session.send({ type: 'LOGOUT' }) },
      ]}
    />
  );
}
