import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigFieldInput } from '../../../src/backoffice/views/Admin/configs/form/ConfigFieldInput';
import { RoleEditor, ROLE_NAME_MAX } from '../../../src/backoffice/views/Admin/shared/RoleEditor';
import { FolderDialog } from '../../../src/backoffice/views/Seller/file_spaces/FolderDialog';
import { FOLDER_NAME_MAX } from '../../../src/backoffice/views/Seller/file_spaces/spaceApi';
import { SPEC_MAX, TagsEditor } from '../../../src/backoffice/views/Seller/goods_attrs/TagsEditor';
import { envelope, fakeFetch, renderWithApp, resetApp, useMessages } from '../helpers';
import { freshPage, renderView } from './pageHelpers';

/**
 * Issue 15 "length limits show a counter instead of cutting silently": the folder name, a spec
 * name, a role name and the configuration texts keep every character typed, count them against
 * their limit (red past it) and are refused by their own check, never cut by the browser.
 */
const long = (n: number) => '名'.repeat(n);

describe('length counters instead of silent cuts', () => {
  afterEach(() => resetApp('/'));

  it('folder name: nothing cut, a counter, refused past the limit with the limit named', async () => {
    resetApp('/Seller/file_spaces');
    useMessages('zh-cn');
    const { calls } = fakeFetch({});
    renderWithApp(<FolderDialog folder={null} onClose={() => undefined} onSaved={() => undefined} />);
    const input = (await screen.findByRole('textbox', { name: /文件夹名称/ })) as HTMLInputElement;
    expect(input.maxLength).toBe(-1);
    fireEvent.change(input, { target: { value: long(FOLDER_NAME_MAX + 2) } });
    expect(input.value).toHaveLength(FOLDER_NAME_MAX + 2);
    const counter = screen.getByText(`${FOLDER_NAME_MAX + 2}/${FOLDER_NAME_MAX}`);
    expect(counter.className).toContain('text-red-700');
    expect(input.getAttribute('aria-describedby')).toContain(counter.id);
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('spec name: counted while typed, refused as too long, nothing cut', () => {
    resetApp('/Seller/goods_attrs');
    useMessages('zh-cn');
    function Host() {
      const [value, setValue] = useState<unknown>([]);
      return <TagsEditor id="specs" value={value} onChange={setValue} values={{}} setValue={() => undefined} mode="add" dicts={{}} />;
    }
    renderWithApp(<Host />);
    const input = screen.getByPlaceholderText('输入规格后按回车添加') as HTMLInputElement;
    expect(input.maxLength).toBe(-1);
    fireEvent.change(input, { target: { value: long(SPEC_MAX + 1) } });
    expect(screen.getByText(`${SPEC_MAX + 1}/${SPEC_MAX}`)).toBeTruthy();
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByText(`规格最多 ${SPEC_MAX} 个字符`)).toBeTruthy();
    expect(input.value).toHaveLength(SPEC_MAX + 1);
  });

  it('role name: a counter, nothing cut', async () => {
    freshPage('/Admin/roles');
    fakeFetch({ 'GET /api/Admin/load_menu': envelope([]), 'GET /api/Admin/permission_groups': envelope([]) });
    renderView(() => <RoleEditor area={0} id={null} withPermissions onClose={() => undefined} onSaved={() => undefined} />, 0, '/Admin/roles');
    const input = (await screen.findByRole('textbox', { name: /角色名称/ })) as HTMLInputElement;
    expect(input.maxLength).toBe(-1);
    fireEvent.change(input, { target: { value: long(ROLE_NAME_MAX + 3) } });
    expect(input.value).toHaveLength(ROLE_NAME_MAX + 3);
    expect(screen.getByText(`${ROLE_NAME_MAX + 3}/${ROLE_NAME_MAX}`).className).toContain('text-red-700');
  });

  it('configuration text and textarea: a counter each, nothing cut; other kinds none', () => {
    resetApp('/Admin/configs');
    useMessages('zh-cn');
    function Host() {
      const [name, setName] = useState<unknown>('');
      const [about, setAbout] = useState<unknown>('');
      return (
        <>
          <ConfigFieldInput field={{ name: 'web_name', label: 'page.configs.webName', maxLength: 50 }} value={name} onChange={setName} />
          <ConfigFieldInput field={{ name: 'description', label: 'page.configs.description', type: 'textarea', maxLength: 200 }} value={about} onChange={setAbout} />
        </>
      );
    }
    const { container } = renderWithApp(<Host />);
    const [text, area] = [container.querySelector('input') as HTMLInputElement, container.querySelector('textarea') as HTMLTextAreaElement];
    expect(text.maxLength).toBe(-1);
    expect(area.maxLength).toBe(-1);
    fireEvent.change(text, { target: { value: 'x'.repeat(55) } });
    fireEvent.change(area, { target: { value: 'y'.repeat(12) } });
    expect(text.value).toHaveLength(55);
    expect(within(container).getByText('55/50').className).toContain('text-red-700');
    expect(within(container).getByText('12/200').className).not.toContain('text-red-700');
  });
});
