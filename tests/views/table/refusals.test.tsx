import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { validate, withSheetLines } from '../../../machines/table';
import { sheetLine } from '../../../src/backoffice/table/ImportDialog';
import { importColumns, sheetRows } from '../../../src/backoffice/table/sheet';
import { labelledListFailure } from '../../../src/backoffice/table/useTable';
import { adminsPage } from '../../../src/backoffice/views/Admin/admins';
import { adminMoneyLogsPage } from '../../../src/backoffice/views/Admin/money_logs';
import { permissionsPage } from '../../../src/backoffice/views/Admin/permissions';
import { expressesPage } from '../../../src/backoffice/views/Admin/exts/expresses';
import { staffPage } from '../../../src/backoffice/views/Seller/users';
import { getToasts } from '../../../src/ui/toast';
import { resetApp, type RecordedCall } from '../helpers';
import { API, bodyRows, callsTo, couriers, failure, listAnswer, mountTable, ok, queryOf } from './setup';

/**
 * What the back office shows when the server refuses: a search value (the field's label, not its
 * parameter name, and no stale rows), an import (the sheet's own line numbers), and the forms'
 * rules for passwords and permission routes.
 */

const sheets = vi.hoisted(() => ({ next: [] as unknown[][] }));
vi.mock('read-excel-file/browser', () => ({ readSheet: async () => sheets.next }));

const MONEY_API = '/api/Admin/money_logs';
const moneyRows = [
  { id: 1, user_id: 1, name: '充值', money: '10.00', is_type: 0, is_belong: 0, info: '', created_at: '2024-01-02 03:04:05' },
  { id: 2, user_id: 1, name: '提现', money: '-5.00', is_type: 0, is_belong: 0, info: '', created_at: '2024-01-03 03:04:05' },
];

describe('a refused search', () => {
  afterEach(() => resetApp('/'));

  it('shows the failure with the field\'s label instead of the previous rows', async () => {
    mountTable(adminMoneyLogsPage, {
      [`GET ${MONEY_API}`]: (call: RecordedCall) =>
        queryOf(call).money === 'abc'
          ? failure(422, 'money 必须是数字', { field: 'money', issues: [{ field: 'money', message: '必须是数字' }] })
          : ok({ data: moneyRows, total: 2, per_page: 30, current_page: 1, last_page: 1 }),
      'GET /api/Admin/users': ok([]),
    });
    await screen.findByText('充值');
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    fireEvent.change(within(screen.getByRole('search')).getByLabelText('资金'), { target: { value: 'abc' } });
    fireEvent.click(within(screen.getByRole('search')).getByRole('button', { name: '查询' }));

    await waitFor(() => expect(screen.getByRole('table').textContent).toContain('资金：必须是数字'));
    expect(screen.queryByText('充值')).toBeNull();
    expect(bodyRows()).toHaveLength(0);
    expect(getToasts().map((toast) => toast.text)).toContain('资金：必须是数字');
    expect(JSON.stringify(getToasts())).not.toContain('money 必须是数字');
  });

  it('labelledListFailure leaves answers without a known field or reason as they are', () => {
    const translate = (key: string, values?: Record<string, string>) => (values ? `${values.label}: ${values.message}` : `«${key}»`);
    const answer = { code: 422, msg: 'money must be a number', data: { field: 'money', issues: [{ field: 'money', message: 'must be a number' }] } };
    expect(labelledListFailure(answer, adminMoneyLogsPage, translate)).toEqual({ ...answer, msg: '«page.moneyLogs.money»: must be a number' });
    // a column's label when no search field has it
    const byColumn = { ...answer, data: { field: 'info', issues: [{ field: 'info', message: 'x' }] } };
    expect((labelledListFailure(byColumn, adminMoneyLogsPage, translate) as { msg: string }).msg).toBe('«page.moneyLogs.info»: x');
    const unknown = { ...answer, data: { field: 'per_page' } };
    expect(labelledListFailure(unknown, adminMoneyLogsPage, translate)).toBe(unknown);
    const forbidden = { code: 403, msg: 'no', data: null };
    expect(labelledListFailure(forbidden, adminMoneyLogsPage, translate)).toBe(forbidden);
    expect(labelledListFailure({ data: [], total: 0 }, adminMoneyLogsPage, translate)).toEqual({ data: [], total: 0 });
  });
});

describe('import report lines', () => {
  afterEach(() => resetApp('/'));

  it('rows keep their sheet line: blank lines are skipped but not counted away', () => {
    const map = importColumns([{ label: 'Name', value: 'name' }, { label: 'Code', value: 'code' }], [], (k) => k);
    const sheet = [['Name', 'Code'], ['a', 'A'], ['b', 'B'], [null, ''], ['bad', 'no good!'], []];
    const { rows, lines } = sheetRows(sheet, map, {});
    expect(rows).toEqual([{ name: 'a', code: 'A' }, { name: 'b', code: 'B' }, { name: 'bad', code: 'no good!' }]);
    expect(lines).toEqual([2, 3, 5]);
    const answer = { code: 422, msg: 'x', data: { field: 'rows', errors: [{ row: 2, field: 'code', message: 'bad' }] } };
    const numbered = withSheetLines(answer, lines) as typeof answer;
    expect(numbered.data.errors).toEqual([{ row: 2, field: 'code', message: 'bad', line: 5 }]);
    expect(sheetLine(numbered.data.errors[0])).toBe(5);
    expect(sheetLine({ row: 2 })).toBe(4);
    expect(withSheetLines({ imported: 3 }, lines)).toEqual({ imported: 3 });
  });

  it('the report names the sheet line of a refused row after a blank line', async () => {
    sheets.next = [['公司名称', '快递编码'], ['顺丰', 'SF'], ['中通', 'ZTO'], [null, null], ['坏的', 'bad code!']];
    const { calls } = mountTable(expressesPage, {
      [`GET ${API}`]: listAnswer(couriers(1, 3)),
      [`POST ${API}/import/excel`]: failure(422, '导入失败：1 行数据有误', { field: 'rows', errors: [{ row: 2, field: 'code', message: '只能包含字母、数字、下划线和短横线' }] }),
    });
    await screen.findByText('courier 1');
    const input = screen.getByTestId('import-file') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'c.xlsx')] } });
    const report = await screen.findByRole('dialog');
    const items = within(within(report).getByRole('list', { name: '导入错误' })).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['第 5 行快递编码只能包含字母、数字、下划线和短横线']);
    expect(JSON.parse(String(callsTo(calls, 'POST', `${API}/import/excel`)[0].body))).toHaveLength(3);
  });

  it('an error on the row key is labelled like its sheet column, not as the bare key', async () => {
    sheets.next = [['ID', '公司名称', '快递编码'], [999, '顺丰', 'SF']];
    mountTable(expressesPage, {
      [`GET ${API}`]: listAnswer(couriers(1, 3)),
      [`POST ${API}/import/excel`]: failure(422, '导入失败：1 行数据有误', { field: 'rows', errors: [{ row: 0, field: 'id', message: '不属于你' }] }),
    });
    await screen.findByText('courier 1');
    fireEvent.change(screen.getByTestId('import-file') as HTMLInputElement, { target: { files: [new File(['x'], 'c.xlsx')] } });
    const report = await screen.findByRole('dialog');
    const items = within(within(report).getByRole('list', { name: '导入错误' })).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['第 2 行ID不属于你']);
  });
});

describe('form rules', () => {
  it('administrators and staff: a password is required when adding, blank keeps it when editing', () => {
    for (const page of [adminsPage, staffPage]) {
      const rules = page.form!.rules!;
      expect(validate({ username: 'clerk', password: '', role_id: [1] }, rules, 'add')).toEqual({ password: { key: 'msg.requiredMsg' } });
      expect(validate({ username: 'clerk', password: '12345', role_id: [1] }, rules, 'add')).toEqual({ password: { key: 'validate.minLength', values: { min: 6 } } });
      expect(validate({ username: 'clerk', password: '', role_id: [1] }, rules, 'edit')).toEqual({});
      expect(validate({ username: 'clerk', password: 'secret12', role_id: [1] }, rules, 'add')).toEqual({});
    }
  });

  it('a permission route not picked from the list says to pick one', () => {
    expect(validate({ pid: 1, name: 'x', apis: '' }, permissionsPage.form!.rules!, 'add')).toEqual({ apis: { key: 'page.permissions.apisRule' } });
  });
});
