import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { adminCommentsPage } from '../../../comments/commentsPage';
import { TablePage } from '../../../table/TablePage';
import { toast } from '../../../../ui/toast';
import { call } from '../shared/pageApi';

/** Menu view `Admin/comments/index` (menu 65): every store's reviews; hide, show again, delete. */
export default function AdminCommentsPage() {
  const intl = useIntl();
  const config = useMemo(
    () =>
      adminCommentsPage(async (row, isShow, reload) => {
        const result = await call(0, 'PUT', `comments/${String(row.id)}`, { is_show: isShow });
        if (result.kind !== 'ok') return;
        toast.success(intl.formatMessage({ id: isShow ? 'page.comments.unhidden' : 'page.comments.hiddenDone' }));
        reload();
      }),
    [intl],
  );
  return <TablePage config={config} />;
}
