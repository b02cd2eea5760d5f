import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { captionMin, columnTrack, DATETIME_MIN, FLEX_MIN, SHRINK_MIN } from '../../../src/backoffice/table/cells';
import { ordersColumns } from '../../../src/backoffice/orders/OrdersPage';
import { refundsColumns } from '../../../src/backoffice/refunds/RefundsPage';
import { Tag } from '../../../src/ui/Tag';
import { adminCommentsPage, sellerCommentsPage } from '../../../src/backoffice/comments/commentsPage';
import { adminSeckillsPage } from '../../../src/backoffice/views/Admin/seckills';
import { saleColumns } from '../../../src/backoffice/views/Admin/shared/promotionColumns';
import { render } from '@testing-library/react';
import { columnsStorageKey } from '../../../src/backoffice/table/columnChoice';
import type { Column, PageConfig } from '../../../src/backoffice/table/types';
import { resetApp } from '../helpers';
import { API, bodyRows, couriers, listAnswer, mountTable } from './setup';

const config: PageConfig = {
  columns: [
    { label: 'page.expresses.name', value: 'name' },
    { label: 'page.expresses.code', value: 'code' },
    { label: 'table.createdAt', value: 'created_at', hidden: true },
  ],
};
const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent);

/** Issue 15: tables at 1280 px — names get room and wrap, the operator hides columns (remembered per page). */
describe('table columns', () => {
  afterEach(() => resetApp('/'));

  it('names get a wider track and wrap to two lines with the full text on hover', async () => {
    const long = '一个非常非常长的快递公司名称，超过一行也能看全';
    mountTable(config, { [`GET ${API}`]: listAnswer([{ id: 1, name: long, code: 'SF', created_at: '2024-01-02 03:04:05' }]) });
    const text = await screen.findByText(long);
    expect(text.className).toContain('line-clamp-2');
    expect(text.className).not.toContain('truncate');
    expect(text.getAttribute('title')).toBe(long);
    const template = screen.getAllByRole('row')[0].style.gridTemplateColumns.match(/minmax\([^)]*\)|\S+/g)!;
    // select, name, code, actions
    expect(template[1]).toBe('minmax(160px, 2fr)');
    expect(template[2]).toBe(`minmax(${Math.max(FLEX_MIN, captionMin('快递编码'))}px, 1fr)`);
  });

  it("a flexible column is never narrower than its caption's longest word (English captions broke mid-word at 88 px)", () => {
    // short captions keep the floor (72 px: withdrawals, points goods and coupons fit 1280 px), in either language
    expect(columnTrack({ label: 'x', value: 'code' }, 'Code')).toEqual({ track: `minmax(${FLEX_MIN}px, 1fr)`, min: FLEX_MIN, want: FLEX_MIN });
    expect(columnTrack({ label: 'x', value: 'code' }, '门槛').min).toBe(FLEX_MIN);
    expect(columnTrack({ label: 'x', value: 'code' }, '使用门槛').min).toBe(captionMin('使用门槛'));
    // "Threshold", "Recommended", "Platform commission": the longest word fits with the cell padding
    for (const [caption, word] of [['Threshold', 'Threshold'], ['Recommended', 'Recommended'], ['Platform commission', 'commission']]) {
      const { track, min } = columnTrack({ label: 'x', value: 'v' }, caption);
      expect(min).toBe(captionMin(word));
      expect(min).toBeGreaterThan(FLEX_MIN);
      expect(track).toBe(`minmax(${min}px, 1fr)`);
    }
    // a date-time shows whole, hour included: on one line given room, the time under the date when short of it
    expect(columnTrack({ label: 'x', value: 'start_time', type: 'datetime' }, 'Start')).toEqual({ track: `minmax(${DATETIME_MIN}px, 165px)`, min: DATETIME_MIN, want: 165 });
    // a set width no wider than its caption's floor stays
    expect(columnTrack({ label: 'x', value: 'v', width: 70 }, 'Recommended')).toEqual({ track: '70px', min: 70, want: 70 });
  });

  it('a column with a set width takes it given room and shrinks to its floor when the page is short of room (orders at 1280 px)', () => {
    // text wraps to two lines: down to its caption's longest word, at least SHRINK_MIN
    expect(columnTrack({ label: 'x', value: 'order_name', width: 200 }, 'Order')).toEqual({ track: `minmax(${SHRINK_MIN}px, 200px)`, min: SHRINK_MIN, want: 200 });
    expect(columnTrack({ label: 'x', value: 'delivery_no', width: 150 }, 'Waybill no.').min).toBe(captionMin('Waybill'));
    // a custom cell (a switch, buttons) keeps its width unless the page says how far it may shrink
    expect(columnTrack({ label: 'x', value: 'is_on', type: 'custom', width: 80 }, 'On')).toEqual({ track: '80px', min: 80, want: 80 });
    expect(columnTrack({ label: 'x', value: 'state', type: 'custom', width: 150, minWidth: 96 }, 'State')).toEqual({ track: 'minmax(96px, 150px)', min: 96, want: 150 });
    // images keep theirs
    expect(columnTrack({ label: 'x', value: 'img', type: 'image', width: 80 }, 'Image')).toEqual({ track: '80px', min: 80, want: 80 });
  });

  it('the orders and after-sales pages fit 1280 px: order numbers on two lines of ten digits, state tags wrap, the operator\'s payment column on asking', () => {
    const least = (columns: readonly Column[]) => columns.filter((c) => !c.hidden).reduce((sum, c) => sum + columnTrack(c, 'State').min, 0);
    // the table box at 1280 px is 1004 px: 44 px of selection boxes and the action column beside these
    for (const columns of [ordersColumns(0), ordersColumns(1), refundsColumns(0), refundsColumns(1)]) {
      expect(least(columns)).toBeLessThanOrEqual(1004 - 44 - 130);
      expect(columns.find((c) => c.value === 'order_no')!.minWidth).toBeGreaterThanOrEqual(112);
    }
    // reviews and flash sales: the columns shown on asking leave the rest room
    for (const page of [adminCommentsPage(() => undefined), sellerCommentsPage, adminSeckillsPage]) {
      expect(least(page.columns)).toBeLessThanOrEqual(1004 - 44 - 130);
    }
    expect(adminCommentsPage(() => undefined).columns.filter((c) => c.hidden).map((c) => c.value)).toEqual(['avatar', 'goods_master_image', 'reply']);
    expect(sellerCommentsPage.columns.filter((c) => c.hidden).map((c) => c.value)).toEqual(['avatar']);
    expect(ordersColumns(0).find((c) => c.value === 'payment_name_cn')!.hidden).toBe(true);
    expect(ordersColumns(1).find((c) => c.value === 'payment_name_cn')!.hidden).toBeFalsy();
    const { container } = render(
      <>
        <Tag value={2} wrap>
          Awaiting shipment
        </Tag>
        <Tag value="x">A long store name</Tag>
      </>,
    );
    const [wrapped, cut] = [...container.querySelectorAll('[data-colour]')];
    expect(wrapped.className).toContain('break-words');
    expect(wrapped.className).not.toContain('truncate');
    expect(cut.className).toContain('truncate');
  });

  it('a flash sale without a cap says so in its units column (issue 25)', async () => {
    const sale = { discount: '20.00', sold: 3, start_time: '2031-01-01 10:00:00', end_time: '2031-01-01 12:00:00', state: 0, goods_master_image: '' };
    mountTable({ columns: saleColumns }, { [`GET ${API}`]: listAnswer([{ id: 1, goods_name: '不限量秒杀', stock: null, ...sale }, { id: 2, goods_name: '限量秒杀', stock: 7, ...sale }]) });
    await screen.findByText('不限量秒杀');
    const [unlimited, capped] = bodyRows();
    expect(unlimited.textContent).toContain('不限');
    expect(capped.textContent).toContain('7');
    expect(capped.textContent).not.toContain('不限');
  });

  it('a column hidden by default is offered in the Columns menu; the choice is remembered for the page', async () => {
    mountTable(config, { [`GET ${API}`]: listAnswer(couriers(1, 2)) });
    await screen.findByText('courier 1');
    expect(headers()).not.toContain('创建时间');
    fireEvent.click(screen.getByRole('button', { name: /列/ }));
    const menu = await screen.findByLabelText('显示的列');
    const created = within(menu).getByRole('checkbox', { name: '创建时间' }) as HTMLInputElement;
    expect(created.checked).toBe(false);
    fireEvent.click(created);
    await waitFor(() => expect(headers()).toContain('创建时间'));
    fireEvent.click(within(menu).getByRole('checkbox', { name: '快递编码' }));
    await waitFor(() => expect(headers()).not.toContain('快递编码'));
    expect(within(bodyRows()[0]).queryByText('C1')).toBeNull();
    expect(JSON.parse(localStorage.getItem(columnsStorageKey(0, API.slice(4)))!)).toEqual({ created_at: true, code: false });
  });

  it('reads the remembered choice when the page opens again; the last shown column cannot be hidden', async () => {
    const key = columnsStorageKey(0, API.slice(4));
    mountTable(config, { [`GET ${API}`]: listAnswer(couriers(1, 2)) }, () => localStorage.setItem(key, JSON.stringify({ code: false, created_at: false })));
    await screen.findByText('courier 1');
    expect(headers()).toEqual(['', '公司名称', '操作']);
    fireEvent.click(screen.getByRole('button', { name: /列/ }));
    const menu = await screen.findByLabelText('显示的列');
    expect((within(menu).getByRole('checkbox', { name: '公司名称' }) as HTMLInputElement).disabled).toBe(true);
  });
});
