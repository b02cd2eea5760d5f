import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AdvSpacesPage from '../../../src/backoffice/views/Admin/adv_spaces/index';
import { toast } from '../../../src/ui/toast';
import { envelope, fakeFetch, formBody, resetApp, type RecordedCall } from '../helpers';
import { freshPage, paginator, queryOf, renderView, withLayout } from './pageHelpers';

/** Ad spaces (screens §4.3): the row "+" adds an advert to that space; the view dialog lists its adverts. */
const spaces = [
  { id: 1, name: '首页横幅', width: 1200, height: 350, created_at: '2024-01-01 00:00:00' },
  { id: 2, name: '首页右侧', width: 300, height: 200, created_at: '2024-01-01 00:00:00' },
];
const advs = [
  { id: 11, pid: 2, name: '夏季促销', image: '/uploads/adv/a.png', adv_start: '2024-06-01 00:00:00', adv_end: '2024-08-31 23:59:59', status: 1, created_at: '2024-05-01 00:00:00' },
];

describe('ad spaces page', () => {
  let restore: () => void = () => {};
  afterEach(() => {
    restore();
    resetApp('/');
  });

  function mount(post?: (call: RecordedCall) => ReturnType<typeof envelope>) {
    freshPage('/Admin/adv_spaces');
    restore = withLayout();
    const fetch = fakeFetch({
      'GET /api/Admin/adv_spaces': (call: RecordedCall) => envelope(queryOf(call.url).get('isAll') ? spaces : paginator(spaces)),
      'GET /api/Admin/adv_spaces/2': envelope(spaces[1]),
      'GET /api/Admin/advs': (call: RecordedCall) => envelope(paginator(advs.filter((a) => String(a.pid) === queryOf(call.url).get('pid')))),
      'POST /api/Admin/advs': post ?? ((call: RecordedCall) => envelope({ id: 12, ...formBody(call) })),
    });
    renderView(AdvSpacesPage, 0, '/Admin/adv_spaces');
    return fetch;
  }

  const rowOf = async (name: string) => (await screen.findByText(name)).closest('[role="row"]') as HTMLElement;

  it('"+" opens the advert form with the space chosen and posts the advert; a save closes it and it opens empty again', async () => {
    const { calls } = mount();
    fireEvent.click(within(await rowOf('首页右侧')).getByRole('button', { name: '+ 广告' }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByRole('combobox', { name: '广告位' }) as HTMLInputElement).value).toBe('首页右侧');

    // required fields first
    fireEvent.click(within(dialog).getByRole('button', { name: '提交' }));
    expect(await within(dialog).findAllByText('不能为空。')).not.toHaveLength(0);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('名称'), { target: { value: '国庆大促' } });
    fireEvent.change(within(dialog).getByLabelText('开始时间'), { target: { value: '2024-10-01T00:00:00' } });
    fireEvent.change(within(dialog).getByLabelText('结束时间'), { target: { value: '2024-10-07T23:59:59' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '提交' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url).toBe('/api/Admin/advs');
    expect(formBody(post)).toMatchObject({ pid: '2', name: '国庆大促', adv_start: '2024-10-01 00:00:00', adv_end: '2024-10-07 23:59:59', status: '1' });
    expect(await screen.findByText('操作成功。')).toBeTruthy();
    // issue 15: the reference kept it open and filled (a second click added the advert twice)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(within(await rowOf('首页右侧')).getByRole('button', { name: '+ 广告' }));
    const again = await screen.findByRole('dialog');
    expect((within(again).getByLabelText('名称') as HTMLInputElement).value).toBe('');
    expect((within(again).getByRole('combobox', { name: '广告位' }) as HTMLInputElement).value).toBe('首页右侧');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('a refused save shows the server message on the field it names and keeps what was typed', async () => {
    let posts = 0;
    const success = vi.spyOn(toast, 'success');
    const { calls } = mount(() => (++posts === 1 ? envelope({ field: 'name' }, 422, '名称已被使用') : envelope({ id: 12 })));
    fireEvent.click(within(await rowOf('首页右侧')).getByRole('button', { name: '+ 广告' }));
    const dialog = await screen.findByRole('dialog');
    // the space list is the adverts page's dictionary (/Admin/adv_spaces, every space)
    await waitFor(() => expect(calls.some((c) => c.url.startsWith('/api/Admin/adv_spaces?') && queryOf(c.url).get('isAll'))).toBe(true));
    fireEvent.change(within(dialog).getByLabelText('名称'), { target: { value: '国庆大促' } });
    fireEvent.change(within(dialog).getByLabelText('开始时间'), { target: { value: '2024-10-01T00:00:00' } });
    fireEvent.change(within(dialog).getByLabelText('结束时间'), { target: { value: '2024-10-07T23:59:59' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '提交' }));
    expect(await within(dialog).findByText('名称已被使用')).toBeTruthy();
    expect((within(dialog).getByLabelText('名称') as HTMLInputElement).value).toBe('国庆大促');
    expect(formBody(calls.find((c) => c.method === 'POST')!)).toMatchObject({ pid: '2', status: '1', is_sort: '0' });
    // a second submit with the same values is sent again
    fireEvent.click(within(dialog).getByRole('button', { name: '提交' }));
    await waitFor(() => expect(posts).toBe(2));
    await waitFor(() => expect(success).toHaveBeenCalledWith('操作成功。'));
    success.mockRestore();
  });

  it('the view dialog lists the adverts of the space', async () => {
    const { calls } = mount();
    fireEvent.click(within(await rowOf('首页右侧')).getByRole('button', { name: '查看' }));
    const dialog = await screen.findByRole('dialog');
    const list = await within(dialog).findByRole('region', { name: '该广告位的广告' });
    expect(await within(list).findByText('夏季促销')).toBeTruthy();
    const asked = calls.find((c) => c.url.startsWith('/api/Admin/advs?'))!;
    expect(queryOf(asked.url).get('pid')).toBe('2');
    expect(within(list).queryByRole('button', { name: '删除' })).toBeNull();
  });
});
