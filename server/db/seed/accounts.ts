import type { Tx } from '../client';
import { hashPassword } from '../../http/password';
import { admin_to_roles, admins, money_logs, stores, user_checks, user_to_roles, users } from '../schema';
import { FIRST_STORES, MORE_STORES, SHOPPERS, type StoreSeed } from './catalogue-data';
import { avatar, storeDocs, storeFace, storeLogo, storeMobileSlide, storeSlide } from './media';
import { OPERATOR_ROLE_ID, SELLER_STAFF_ROLE_ID } from './rbac';
import { richTextOf } from '../../modules/content/richText';

/** Demo password of every seeded account (login and payment). */
export const DEMO_PASSWORD = '123456';

export const DEMO = {
  admin: { id: 1, username: 'admin' },
  operator: { id: 2, username: 'operator' },
  owner: { id: 1, username: '18888888888', storeId: 1 },
  owner2: { id: 2, username: '18888888889', storeId: 2 },
  staff: { id: 3, username: 'seller' },
  shopper: { id: 4, username: 'demo', phone: '13800000000' },
} as const;

/** Images of an approved store: logo, shop front, PC and mobile slides. */
function storeImages(id: number) {
  return {
    store_logo: storeLogo(id),
    store_face_image: storeFace(id),
    store_slide: [storeSlide(id, 1), storeSlide(id, 2)].join(','),
    store_mobile_slide: storeMobileSlide(id),
  };
}

/**
 * A made-up resident ID number of the region born 1988-08-08 with its ISO 7064 MOD 11-2 check
 * character, so a seeded application passes the platform's own check (and a refused applicant
 * can resubmit it as it is).
 */
export function demoIdCardNo(regionCode: string, seq: number): string {
  const first = `${regionCode}19880808${String(seq).padStart(3, '0')}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = weights.reduce((total, weight, i) => total + weight * Number(first[i]), 0);
  return first + '10X98765432'[sum % 11];
}

/** Documents of an application (approved stores were applications once). */
const applicationDocs = (regionCode: string, storeId: number) => ({
  business_license: storeDocs.license,
  id_card_no: demoIdCardNo(regionCode, storeId),
  id_card_t: storeDocs.idFront,
  id_card_b: storeDocs.idBack,
});

/** Stores 3… (catalogue-data.ts): open, closed, submitted, applying, rejected. */
function moreStoreRow(store: StoreSeed): typeof stores.$inferInsert {
  const applied = store.store_verify !== 1;
  return {
    id: store.id,
    user_id: store.user.id,
    store_name: store.store_name,
    store_status: store.store_status,
    store_verify: store.store_verify,
    store_refuse_info: store.store_refuse_info ?? '',
    ...(store.store_description ? { store_description: store.store_description } : {}),
    store_company_name: store.store_company_name ?? '',
    store_mobile: store.store_mobile ?? '',
    area_info: store.area?.info ?? '',
    store_address: store.area?.address ?? '',
    ...(store.area ? { store_lat: store.area.lat, store_lng: store.area.lng } : {}),
    legal_person: store.legal_person ?? '',
    store_phone: applied ? store.user.username : '',
    business_license_no: store.business_license_no ?? '',
    ...(applied
      ? {
          ...applicationDocs(store.area!.codes[2], store.id),
          emergency_contact: '张女士',
          emergency_contact_phone: '13900000000',
        }
      : {}),
    after_sale_service: richTextOf(store.after_sale_service ?? ''),
    ...(store.store_verify === 4 ? storeImages(store.id) : { store_logo: store.store_verify === 1 ? '' : storeLogo(store.id) }),
  };
}

export async function seedAccounts(tx: Tx): Promise<void> {
  // Every demo account has the same password: one scrypt hash serves them all (each hash costs
  // tens of milliseconds, and every server test file seeds a fresh database).
  const hash = await hashPassword(DEMO_PASSWORD);
  const [adminPw, operatorPw, ownerPw, ownerPay, owner2Pw, owner2Pay, staffPw, demoPw, demoPay] = Array.from({ length: 9 }, () => hash);

  await tx.insert(admins).values([
    { id: DEMO.admin.id, username: 'admin', password: adminPw, nickname: '超级管理员', is_super: 1 },
    { id: DEMO.operator.id, belong_id: 1, username: 'operator', password: operatorPw, nickname: '运营小刘' },
  ]);
  await tx.insert(admin_to_roles).values({ admin_id: DEMO.operator.id, role_id: OPERATOR_ROLE_ID });

  await tx.insert(users).values([
    {
      id: DEMO.owner.id,
      username: '18888888888',
      phone: '18888888888',
      nickname: '商家小王',
      password: ownerPw,
      pay_password: ownerPay,
      money: '44.12',
      frozen_money: '11.00',
      integral: '99.00',
    },
    {
      id: DEMO.owner2.id,
      username: '18888888889',
      phone: '18888888889',
      nickname: '商家小李',
      password: owner2Pw,
      pay_password: owner2Pay,
    },
    { id: DEMO.staff.id, belong_id: DEMO.owner.id, username: 'seller', nickname: '店员小张', password: staffPw },
    {
      id: DEMO.shopper.id,
      username: 'demo',
      phone: '13800000000',
      nickname: '演示买家',
      password: demoPw,
      pay_password: demoPay,
      // = Σ of the demo shopper's money logs (seed/orders.ts: opening credit, order payments)
      money: '1000.00',
      integral: '50.00',
      inviter_id: DEMO.owner.id,
    },
  ]);
  // Owners of stores 3… and shoppers who write reviews share one hash of the demo password.
  await tx.insert(users).values([
    ...MORE_STORES.map((store) => ({
      id: store.user.id,
      username: store.user.username,
      phone: store.user.username,
      nickname: store.user.nickname,
      password: ownerPw,
      pay_password: ownerPay,
    })),
    ...SHOPPERS.map((u) => ({ id: u.id, username: u.username, phone: u.username, nickname: u.nickname, password: demoPw, pay_password: demoPay, avatar: avatar(u.id) })),
  ]);
  await tx.insert(user_to_roles).values({ user_id: DEMO.staff.id, role_id: SELLER_STAFF_ROLE_ID });
  await tx.insert(user_checks).values({
    user_id: DEMO.owner.id,
    name: '王小明',
    card_no: '110105199001010000',
    bank_no: '6222000000000000000',
    bank_name: '中国工商银行',
  });
  // opening balances: system entries, not orders (no seeded order has these numbers)
  await tx.insert(money_logs).values([
    { user_id: DEMO.owner.id, name: '余额充值', money: '61.00', is_type: 0, info: 'R202401010001' },
    { user_id: DEMO.owner.id, name: '系统处理', money: '-5.88', is_type: 0, info: '期初余额' },
    { user_id: DEMO.owner.id, name: '资金提现', money: '-11.00', is_type: 0, info: '提现冻结' },
    { user_id: DEMO.owner.id, name: '资金提现', money: '11.00', is_type: 1, info: '提现冻结' },
    { user_id: DEMO.owner.id, name: '系统处理', money: '99.00', is_type: 2, info: '注册赠送积分' },
    { user_id: DEMO.owner.storeId, name: '系统处理', money: '46.90', is_type: 0, is_belong: 1, info: '期初余额' },
    { user_id: DEMO.owner.storeId, name: '资金提现', money: '-5.00', is_type: 0, is_belong: 1, info: '提现冻结' },
    { user_id: DEMO.owner.storeId, name: '资金提现', money: '5.00', is_type: 1, is_belong: 1, info: '提现冻结' },
  ]);

  await tx.insert(stores).values([
    {
      id: DEMO.owner.storeId,
      user_id: DEMO.owner.id,
      store_name: '小王数码专营店',
      store_description: '正品数码家电，七天无理由退货。',
      store_mobile: '010-66668888',
      store_company_name: '北京小王数码科技有限公司',
      area_info: '北京市 北京市 朝阳区',
      store_address: '建国路 88 号 SOHO 现代城 2 号楼',
      store_lat: '39.91',
      store_lng: '116.47',
      legal_person: '王小明',
      store_phone: '18888888888',
      business_license_no: '91110105MA0000000Y',
      ...applicationDocs(FIRST_STORES[0].codes[2], DEMO.owner.storeId),
      emergency_contact: '王大明',
      emergency_contact_phone: '18888888880',
      store_money: '41.90',
      store_frozen_money: '5.00',
      store_status: 1,
      store_verify: 4,
      after_sale_service: richTextOf('<p>收货后 7 天内无理由退货，15 天内质量问题换货。</p><ul><li>手机、电脑全国联保一年</li><li>大家电送货上门，免费安装</li></ul>'),
      // No slides: tests/server/seller/store.test.ts starts from a store without them.
      ...storeImages(DEMO.owner.storeId),
      store_slide: '',
      store_mobile_slide: '',
    },
    {
      id: DEMO.owner2.storeId,
      user_id: DEMO.owner2.id,
      store_name: '李记家居生活馆',
      store_description: '实木家具与家居好物。',
      store_mobile: '021-55556666',
      store_company_name: '上海李记家居有限公司',
      area_info: '上海市 上海市 徐汇区',
      store_address: '漕溪北路 18 号',
      store_lat: '31.19',
      store_lng: '121.44',
      legal_person: '李小红',
      store_phone: '18888888889',
      business_license_no: '91310104MA0000000X',
      ...applicationDocs(FIRST_STORES[1].codes[2], DEMO.owner2.storeId),
      emergency_contact: '李大红',
      emergency_contact_phone: '18888888881',
      store_status: 1,
      store_verify: 4,
      after_sale_service: richTextOf('<p>大件家具送货上门，一年质保。</p>'),
      ...storeImages(DEMO.owner2.storeId),
    },
    ...MORE_STORES.map(moreStoreRow),
  ]);
}
