import { definePage } from '../../../../table/definePage';
import type { PageConfig } from '../../../../table/types';
import { createdAtColumn } from '../../shared/columns';
import { ratesColumn } from '../../../Seller/distributions/rates';

/**
 * Menu view `Admin/exts/distributions/index` — the referral commission rates of every store
 * (three levels, percent); the operator may stop one (delete). Read-only otherwise.
 */
export const adminDistributionsPage: PageConfig = {
  url: '/Admin/distributions',
  columns: [
    { label: 'page.distributions.image', value: 'goods_master_image', type: 'image', width: 90 },
    { label: 'page.distributions.goods', value: 'goods_name' },
    { label: 'page.distributions.store', value: 'store_name' },
    ratesColumn,
    createdAtColumn,
  ],
  search: [{ label: 'page.distributions.goodsId', value: 'goods_id', type: 'number' }],
  buttons: { store: false, update: false, show: false, export: false },
};

export default definePage(adminDistributionsPage);
