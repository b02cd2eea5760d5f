import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import FileSpacesPage from '../../../src/backoffice/views/Seller/file_spaces/index';
import { envelope, fakeFetch, resetApp } from '../helpers';
import { freshPage, queryOf, renderView } from './pageHelpers';

const imagesAnswer = (url: string) => {
  const query = queryOf(url);
  const name = `d${query.get('dir_id')}p${query.get('page')}.png`;
  return envelope({ data: [{ id: Number(query.get('page')), name, url: `/uploads/spaces/${name}`, info: '800x800' }], total: 45, per_page: 30, current_page: 1, last_page: 2 });
};

describe('seller image space', () => {
  afterEach(() => resetApp('/'));

  it('lists the folders, pages through a folder and reloads the page after deleting an image', async () => {
    freshPage('/Seller/file_spaces', 1);
    const { calls } = fakeFetch({
      'GET /api/Seller/file_space_dirs': envelope([{ id: 4, name: '耳机图' }]),
      'GET /api/Seller/file_spaces': (call) => imagesAnswer(call.url),
      'DELETE /api/Seller/file_spaces/2': envelope(null),
    });
    const spaceCalls = () => calls.filter((c) => c.method === 'GET' && c.url.startsWith('/api/Seller/file_spaces?'));
    renderView(FileSpacesPage, 1, '/Seller/file_spaces');

    expect(await screen.findByRole('img', { name: 'd0p1.png' })).toBeTruthy();
    const folders = screen.getByRole('navigation', { name: '文件夹' });
    expect(within(folders).getByRole('button', { name: /临时目录/ }).getAttribute('aria-current')).toBe('true');

    fireEvent.click(within(folders).getByRole('button', { name: '耳机图' }));
    expect(await screen.findByRole('img', { name: 'd4p1.png' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '耳机图' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    expect(await screen.findByRole('img', { name: 'd4p2.png' })).toBeTruthy();
    expect(queryOf(spaceCalls().at(-1)!.url).get('page')).toBe('2');

    const before = spaceCalls().length;
    fireEvent.click(screen.getByRole('button', { name: '删除图片 d4p2.png' }));
    fireEvent.click(await screen.findByRole('button', { name: '确定' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    await waitFor(() => expect(spaceCalls().length).toBe(before + 1));
    const reload = queryOf(spaceCalls().at(-1)!.url);
    expect([reload.get('dir_id'), reload.get('page')]).toEqual(['4', '2']);
    expect(await screen.findByRole('img', { name: 'd4p2.png' })).toBeTruthy();
  });
});
