import { describe, expect, it } from 'vitest';
import { checkRows, describeRow, emptyRow, payloadOf, rowsFromServer, takenElsewhere } from '../../machines/freightEditor';
import { freightEditorMachine, refusalPath, type LoadFreightsOutput } from '../../machines/freightEditor.machine';
import type { FreightRow } from '../../machines/freightEditor';
import { createTestActor } from './coverage';
import { flush, manualActor, recordActions } from './fakes';

const templates = [
  { id: 3, store_id: 1, name: '偏远地区', f_weight: '1.00', f_price: '20.00', o_weight: '1.00', o_price: '10.00', area_id: [31], area_name: '新疆维吾尔自治区', is_type: 1 },
  { id: 1, store_id: 1, name: '默认运费', f_weight: '1.00', f_price: '8.00', o_weight: '1.00', o_price: '2.00', area_id: [], area_name: '', is_type: 0 },
];
const provinces = [
  { id: 19, name: '广东省' },
  { id: 31, name: '新疆维吾尔自治区' },
];

describe('freight template rows (pure)', () => {
  it('puts the default first, or starts one when the store has none', () => {
    const rows = rowsFromServer(templates);
    expect(rows.map((r) => r.id)).toEqual([1, 3]);
    expect(rows[1].area_id).toEqual([31]);
    expect(rowsFromServer([])).toEqual([emptyRow()]);
  });

  it('checks numbers, names and provinces as the server does, keyed by the server\'s field paths', () => {
    const rows = [
      { ...emptyRow(), f_price: '-1', o_weight: '1.234' },
      { ...emptyRow(''), area_id: [] },
      { ...emptyRow('甲'), area_id: [9, 19] },
      { ...emptyRow('乙'), area_id: [19], f_weight: '10000' },
    ];
    expect(checkRows(rows)).toEqual({
      'info.0.f_price': 'page.freights.numberRule',
      'info.0.o_weight': 'page.freights.numberRule',
      'info.1.name': 'msg.requiredMsg',
      'info.1.area_id': 'page.freights.provinceRequired',
      'info.3.area_id': 'page.freights.provinceTaken',
      'info.3.f_weight': 'page.freights.numberRule',
    });
    expect(checkRows(rowsFromServer(templates))).toEqual({});
    expect([...takenElsewhere(rows, 2)]).toEqual([19]);
  });

  it('sends the whole editor, the default without provinces', () => {
    expect(payloadOf(rowsFromServer(templates))).toEqual({
      info: [
        { id: 1, name: '默认运费', f_weight: '1.00', f_price: '8.00', o_weight: '1.00', o_price: '2.00', area_id: '' },
        { id: 3, name: '偏远地区', f_weight: '1.00', f_price: '20.00', o_weight: '1.00', o_price: '10.00', area_id: [31] },
      ],
    });
  });

  it('explains what the default template charges', () => {
    expect(describeRow(emptyRow()).key).toBe('page.freights.summary.free');
    expect(describeRow({ ...emptyRow(), f_price: '5' }).key).toBe('page.freights.summary.flat');
    expect(describeRow({ ...emptyRow(), f_weight: '1', f_price: '8' }).key).toBe('page.freights.summary.firstOnly');
    expect(describeRow({ ...emptyRow(), f_weight: '1', f_price: '8', o_weight: '1', o_price: '2' })).toEqual({ key: 'page.freights.summary.steps', values: { fw: '1', fp: '8.00', ow: '1', op: '2.00' } });
  });
});


describe('freight editor machine', () => {
  function start() {
    const load = manualActor<LoadFreightsOutput, unknown>();
    const save = manualActor<Record<string, unknown>[], { rows: FreightRow[] }>();
    const log = recordActions(['notifySaved', 'notifyError']);
    const actor = createTestActor(freightEditorMachine.provide({ actors: { loadFreights: load.logic, saveFreights: save.logic }, actions: log.actions }));
    actor.start();
    return { actor, load, save, log, ctx: () => actor.getSnapshot().context, state: () => actor.getSnapshot().value };
  }

  async function loaded() {
    const t = start();
    t.load.last().resolve({ templates, provinces });
    await flush();
    return t;
  }

  it('loads the templates (default first) and the provinces; a failed load offers a retry', async () => {
    const t = start();
    expect(t.state()).toBe('loading');
    t.load.last().reject({ kind: 'transport', msg: 'offline' });
    await flush();
    expect(t.state()).toBe('failed');
    t.actor.send({ type: 'RETRY' });
    expect(t.state()).toBe('loading');
    t.load.last().resolve({ templates, provinces });
    await flush();
    expect(t.state()).toBe('editing');
    expect(t.ctx().rows.map((r) => r.id)).toEqual([1, 3]);
    expect(t.ctx().provinces).toEqual(provinces);
    expect(t.ctx().dirty).toBe(false);
  });

  it('edits, adds and removes rows (never the default), marking the form dirty', async () => {
    const t = await loaded();
    t.actor.send({ type: 'ROW.SET', index: 0, patch: { f_price: '9.5' } });
    expect(t.ctx().rows[0].f_price).toBe('9.5');
    expect(t.ctx().dirty).toBe(true);
    t.actor.send({ type: 'ROW.ADD', name: '新模板' });
    expect(t.ctx().rows.map((r) => r.name)).toEqual(['默认运费', '偏远地区', '新模板']);
    t.actor.send({ type: 'ROW.REMOVE', index: 1 });
    expect(t.ctx().rows.map((r) => r.name)).toEqual(['默认运费', '新模板']);
    t.actor.send({ type: 'ROW.REMOVE', index: 0 });
    expect(t.ctx().rows).toHaveLength(2);
  });

  it('checks before saving: nothing is sent while a row is wrong, the errors name the fields', async () => {
    const t = await loaded();
    t.actor.send({ type: 'ROW.ADD', name: '' });
    t.actor.send({ type: 'SAVE' });
    expect(t.state()).toBe('editing');
    expect(t.save.calls).toHaveLength(0);
    expect(t.ctx().errors).toEqual({ 'info.2.name': 'msg.requiredMsg', 'info.2.area_id': 'page.freights.provinceRequired' });
    t.actor.send({ type: 'ROW.SET', index: 2, patch: { name: '华南', area_id: [19] } });
    t.actor.send({ type: 'SAVE' });
    expect(t.state()).toBe('saving');
    expect(t.ctx().errors).toEqual({});
    expect(t.save.last().input.rows.map((r) => r.name)).toEqual(['默认运费', '偏远地区', '华南']);
  });

  it('a save replaces the rows with the saved templates and notifies', async () => {
    const t = await loaded();
    t.actor.send({ type: 'ROW.SET', index: 0, patch: { f_price: '9.50' } });
    t.actor.send({ type: 'SAVE' });
    t.save.last().resolve([{ ...templates[1], f_price: '9.50' }]);
    await flush();
    expect(t.state()).toBe('editing');
    expect(t.ctx().rows).toHaveLength(1);
    expect(t.ctx().rows[0].f_price).toBe('9.50');
    expect(t.ctx().dirty).toBe(false);
    expect(t.log.types()).toEqual(['notifySaved']);
  });

  it('a refusal naming a field shows at that field; any other failure is notified; the edits stay', async () => {
    const t = await loaded();
    t.actor.send({ type: 'ROW.SET', index: 1, patch: { name: '远方' } });
    t.actor.send({ type: 'SAVE' });
    t.save.last().reject({ kind: 'fail', code: 422, msg: '「新疆」已在模板「甲」中', data: { field: 'info.1.area_id.0' } });
    await flush();
    expect(t.state()).toBe('editing');
    expect(t.ctx().errors).toEqual({ 'info.1.area_id': '「新疆」已在模板「甲」中' });
    expect(t.ctx().rows[1].name).toBe('远方');
    t.actor.send({ type: 'SAVE' });
    t.save.last().reject({ kind: 'transport', msg: '网络异常' });
    await flush();
    expect(t.state()).toBe('editing');
    expect(t.log.paramsOf('notifyError')).toEqual([{ message: '网络异常' }]);
    expect(t.ctx().dirty).toBe(true);
  });

  it('discards changes by loading again, only when something changed', async () => {
    const t = await loaded();
    t.actor.send({ type: 'DISCARD' });
    expect(t.state()).toBe('editing');
    expect(t.load.calls).toHaveLength(1);
    t.actor.send({ type: 'ROW.ADD', name: 'x' });
    t.actor.send({ type: 'DISCARD' });
    expect(t.state()).toBe('loading');
    t.load.last().resolve({ templates, provinces });
    await flush();
    expect(t.ctx().rows).toHaveLength(2);
    expect(t.ctx().dirty).toBe(false);
  });

  it('reads the editor path of a refusal', () => {
    expect(refusalPath({ data: { field: 'info.3.f_price' } })).toBe('info.3.f_price');
    expect(refusalPath({ data: { field: 'info.1.area_id.2' } })).toBe('info.1.area_id');
    expect(refusalPath({ data: { field: 'info' } })).toBe('');
    expect(refusalPath({ data: { field: 'body' } })).toBe('');
    expect(refusalPath(new Error('x'))).toBe('');
  });
});
