import type { SkuPickerInput } from '../../../machines/skuPicker.machine';
import type { GoodsDetail } from '../../api/shop';
import { toCents } from '../shared/money';

/** GoodsDetail (API shape) → skuPicker input (machine shape, integer cents). */
export function pickerInput(goods: GoodsDetail): SkuPickerInput {
  return {
    goodsId: goods.id,
    specs: (goods.attrList ?? []).map((attr) => ({ id: attr.id, name: attr.name, values: attr.specs.map((s) => ({ id: s.id, name: s.name })) })),
    skus: (goods.skuList ?? []).map((sku) => ({
      id: sku.id,
      specIds: sku.spec_id.map(Number),
      priceCents: toCents(sku.goods_price),
      stock: Math.max(0, Math.floor(Number(sku.goods_stock) || 0)),
      image: sku.goods_image,
    })),
    basePriceCents: toCents(goods.goods_price),
    baseStock: Math.max(0, Math.floor(Number(goods.goods_stock) || 0)),
  };
}
