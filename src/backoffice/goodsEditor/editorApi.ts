import { fromPromise } from 'xstate';
import { goodsEditorMachine, type LoadEditorInput, type LoadEditorOutput, type SaveGoodsInput } from '../../../machines/goodsEditor.machine';
import type { AreaIndex } from '../../../machines/areas';
import type { TwoNames } from '../../../machines/localName';
import { unwrap } from '../../app/sessionActors';
import { call, rowsOf } from '../views/Admin/shared/pageApi';

/** Area of the editor: the admin console (0) or the seller centre (1). */
export const editorArea = (admin: boolean): AreaIndex => (admin ? 0 : 1);

export interface EditorHooks {
  saved: () => void;
  closed: () => void;
  notifyError: (message: string) => void;
}

/**
 * The goods editor machine bound to the API: GET {area}/goods/<id>, GET /Seller/store_classes,
 * GET /Seller/goods_attrs?isAll=true&isWith=specs, POST /Seller/goods or PUT {area}/goods/<id>
 * (form-encoded with brackets: `skuList[0][spec_id][0]=4`). Failures reject with the envelope
 * (`data.field` of a 422 names the field).
 */
export function boundGoodsEditor(hooks: EditorHooks) {
  return goodsEditorMachine.provide({
    actors: {
      loadEditor: fromPromise<LoadEditorOutput, LoadEditorInput>(async ({ input }) => {
        const area = editorArea(input.admin);
        const [classTree, record] = await Promise.all([
          input.admin ? Promise.resolve([]) : call(1, 'GET', 'store_classes', undefined, true).then(unwrap),
          input.id ? call(area, 'GET', `goods/${encodeURIComponent(String(input.id))}`, undefined, true).then(unwrap) : Promise.resolve(null),
        ]);
        return { classTree, record: record as LoadEditorOutput['record'] };
      }),
      loadAttrs: fromPromise<unknown>(async () => rowsOf(unwrap(await call(1, 'GET', 'goods_attrs', { isAll: 'true', isWith: 'specs' }, true)))),
      saveGoods: fromPromise<unknown, SaveGoodsInput>(async ({ input }) => {
        const area = editorArea(input.admin);
        const body = input.payload as unknown as Record<string, unknown>;
        return unwrap(await call(area, input.id ? 'PUT' : 'POST', input.id ? `goods/${encodeURIComponent(String(input.id))}` : 'goods', body, true));
      }),
    },
    actions: {
      saved: () => hooks.saved(),
      closed: () => hooks.closed(),
      notifyError: (_, { message }) => hooks.notifyError(message),
    },
  });
}

/**
 * The store's province freight templates for the freight select (GET /Seller/freights?isAll=1);
 * free shipping and the store default come first from the page itself. The operator edits no freight.
 */
export async function loadFreights(admin: boolean): Promise<{ label: string; value: number }[]> {
  if (admin) return [];
  const result = await call(editorArea(admin), 'GET', 'freights', { isAll: 1 }, true);
  if (result.kind !== 'ok') return [];
  return rowsOf<{ id: number; name: string; is_type: number }>(result.data)
    .filter((t) => Number(t.is_type) === 1)
    .map((t) => ({ label: String(t.name), value: Number(t.id) }));
}

/** A brand of the brand select: its name and English name (the view shows one through machines/localName.ts). */
export interface BrandChoice extends TwoNames {
  id: number;
}

/** Brands of the brand select (GET {area}/goods_brands?isAll=true). */
export async function loadBrands(admin: boolean): Promise<BrandChoice[]> {
  const result = await call(editorArea(admin), 'GET', 'goods_brands', { isAll: 'true' }, true);
  if (result.kind !== 'ok') return [];
  return rowsOf<{ id: number; name: string; ename?: string | null }>(result.data).map((b) => ({ id: Number(b.id), name: String(b.name), ename: b.ename ?? '' }));
}
