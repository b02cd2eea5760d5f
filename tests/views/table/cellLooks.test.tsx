import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MenuIcon } from '../../../src/backoffice/shell/MenuIcon';
import type { PageConfig } from '../../../src/backoffice/table/types';
import { iconFor } from '../../../src/ui/icons';
import { adminMenus } from '../../../server/db/seed/menus';
import { resetApp } from '../helpers';
import { API, bodyRows, listAnswer, mountTable } from './setup';

/** Issue 15: no green "+0.00" balances, tag colours that mean something, one icon set. */
describe('cell looks', () => {
  afterEach(() => resetApp('/'));

  it('money: zero is a plain 0.00, a balance has no sign, a change keeps its sign and colour', async () => {
    const config: PageConfig = {
      columns: [
        { label: 'page.expresses.name', value: 'name' },
        { label: 'page.users.money', value: 'money', type: 'money', balance: true },
        { label: 'page.users.frozenMoney', value: 'change', type: 'money' },
      ],
    };
    mountTable(config, {
      [`GET ${API}`]: listAnswer([
        { id: 1, name: 'a', money: '0.00', change: '0.00' },
        { id: 2, name: 'b', money: '12.50', change: '12.50' },
        { id: 3, name: 'c', money: '-3.00', change: '-3.00' },
      ]),
    });
    await screen.findByText('a');
    const cells = (i: number) => within(bodyRows()[i]).getAllByRole('cell').map((c) => c.textContent);
    expect(cells(0).slice(2, 4)).toEqual(['0.00', '0.00']);
    expect(within(bodyRows()[0]).getAllByText('0.00').every((el) => !el.className.includes('green'))).toBe(true);
    expect(cells(1).slice(2, 4)).toEqual(['12.50', '+12.50']);
    expect(within(bodyRows()[1]).getByText('+12.50').className).toContain('text-green-800');
    expect(cells(2).slice(2, 4)).toEqual(['-3.00', '-3.00']);
  });

  it('free-text tags are neutral whatever their value; a dictionary state keeps one colour per value', async () => {
    const config: PageConfig = {
      columns: [
        { label: 'page.expresses.name', value: 'name', type: 'tags' },
        { label: 'table.status', value: 'state', type: 'dict_tags', dict: 'state' },
      ],
      dictData: { state: [{ label: '待审核', value: 2 }, { label: '已通过', value: 4 }] },
    };
    mountTable(config, {
      [`GET ${API}`]: listAnswer([
        { id: 1, name: '13800000001', state: 2 },
        { id: 2, name: '18888888895', state: 2 },
        { id: 3, name: 'someone', state: 4 },
      ]),
    });
    await screen.findByText('someone');
    const colourOf = (text: string) => screen.getAllByText(text).map((el) => el.getAttribute('data-colour'));
    expect([...colourOf('13800000001'), ...colourOf('18888888895'), ...colourOf('someone')]).toEqual(['slate', 'slate', 'slate']);
    const pending = colourOf('待审核');
    expect(pending).toHaveLength(2);
    expect(new Set(pending).size).toBe(1);
  });

  it('a dictionary item may name its tag colour: the review kinds are green, slate and red in any language', async () => {
    const { REVIEW_KINDS } = await import('../../../src/backoffice/comments/commentsPage');
    const config: PageConfig = {
      columns: [
        { label: 'page.expresses.name', value: 'name' },
        { label: 'page.comments.kind', value: 'is_type', type: 'dict_tags', dict: 'is_type', translate: true },
      ],
      dictData: { is_type: REVIEW_KINDS },
    };
    mountTable(config, {
      [`GET ${API}`]: listAnswer([
        { id: 1, name: 'good', is_type: 1 },
        { id: 2, name: 'medium', is_type: 2 },
        { id: 3, name: 'bad', is_type: 3 },
      ]),
    });
    await screen.findByText('bad');
    const colours = bodyRows().map((row) => within(row).getAllByRole('cell')[2].querySelector('[data-colour]')!.getAttribute('data-colour'));
    expect(colours).toEqual(['green', 'slate', 'red']);
  });

  it('menu icons are drawn from their Font Awesome names; the menu page shows the icon, not its class name', async () => {
    const config: PageConfig = { columns: [{ label: 'page.expresses.name', value: 'name' }, { label: 'table.status', value: 'icon', type: 'icon_tags' }] };
    mountTable(config, { [`GET ${API}`]: listAnswer([{ id: 1, name: 'm', icon: 'fa-desktop' }]) });
    await screen.findByText('m');
    const cell = within(bodyRows()[0]).getAllByRole('cell')[2];
    expect(cell.querySelector('svg')!.getAttribute('data-icon')).toBe('monitor');
    expect(cell.querySelector('i.fa')).toBeNull();
    expect(within(cell).getByText('fa-desktop').className).toContain('sr-only');

    // every icon the seeded menus use is drawn; an unknown name is a dot, never a letter
    for (const menu of adminMenus.filter((m) => m.icon)) expect(iconFor(menu.icon), menu.icon).not.toBeNull();
    const { container } = render(<MenuIcon icon="fa-unheard-of" />);
    expect(container.textContent).toBe('');
    expect(container.querySelector('svg')!.getAttribute('data-icon')).toBe('dot');
  });
});
