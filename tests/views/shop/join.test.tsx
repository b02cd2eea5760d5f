import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppRoutes } from '../../../src/app/App';
import { startRouteGuard } from '../../../src/app/guardActor';
import { getCommitted, navigate } from '../../../src/app/navigation';
import { startSessions } from '../../../src/app/sessionActors';
import { resetCommonForTests } from '../../../src/shop/layout/commonStore';
import { envelope, fakeFetch, renderWithApp, resetApp, useMessages, type FakeAnswer, type RecordedCall } from '../helpers';

const SLOW = { timeout: 8000 };

const common = {
  'GET /api/common': envelope({ classes: [], brands: [], common: { web_name: 'Souk', logo: '', icp: '' }, ip: '1.2.3.4', cart: 0 }),
  'GET /api/cart_count': envelope(0),
  'GET /api/agreements/agreement': envelope({ name: '商家入驻协议', content: '<p>第一条 诚信经营</p>##qingwuit##{"type":"doc"}' }),
  'GET /api/load_goods_classes': envelope([
    { id: 1, name: '数码', pid: 0, children: [{ id: 2, name: '手机', pid: 1, children: [{ id: 3, name: '智能手机', pid: 2 }, { id: 4, name: '老人机', pid: 2 }] }] },
  ]),
  'GET /api/load_areas': (call: RecordedCall): FakeAnswer => {
    const pid = new URLSearchParams(call.url.split('?')[1] ?? '').get('pid');
    if (pid === '11') return envelope([{ id: 20, code: '1101', pid: '11', name: '北京市', leaf: false }]);
    if (pid === '1101') return envelope([{ id: 30, code: '110105', pid: '1101', name: '朝阳区', leaf: true }]);
    return envelope([{ id: 10, code: '11', pid: '0', name: '北京', leaf: false }]);
  },
};

const FILLED = {
  id: 5,
  store_verify: 1,
  store_logo: '/uploads/store/logo.png',
  store_name: '好店',
  class_id: [[1, 2, 3]],
  store_company_name: '好店有限公司',
  province_id: 10,
  city_id: 20,
  region_id: 30,
  store_address: '建国路 1 号',
  business_license: '/uploads/store/licence.png',
  business_license_no: '91350100M000100Y43',
  legal_person: '张三',
  store_phone: '13800000000',
  id_card_no: '11010519491231002X',
  id_card_t: '/uploads/store/t.png',
  id_card_b: '/uploads/store/b.png',
  emergency_contact: '李四',
  emergency_contact_phone: '13900000000',
};

function login() {
  localStorage.setItem('token', 'tok');
  localStorage.setItem('user', JSON.stringify({ id: 7, nickname: 'Ann', belong_id: 0 }));
}

function boot(path: string) {
  window.history.replaceState(null, '', path);
  useMessages('zh-cn');
  startSessions();
  startRouteGuard();
  navigate(path, { replace: true });
  return renderWithApp(<AppRoutes />);
}

type Answers = Record<string, FakeAnswer | ((call: RecordedCall) => FakeAnswer)>;
const serve = (store: unknown, extra: Answers = {}) => fakeFetch({ ...common, 'GET /api/store': envelope(store, 200, store ? 'ok' : 'store not join.'), ...extra });
const calledWith = (calls: RecordedCall[], method: string, path: string) => calls.filter((c) => c.method === method && c.url.split('?')[0] === path);
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const errorOf = (input: HTMLElement) => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;

describe('merchant onboarding', { timeout: 20000 }, () => {
  beforeEach(() => {
    resetApp('/');
    resetCommonForTests();
    login();
  });
  afterEach(() => resetApp('/'));

  it('sends an anonymous visitor to the login page', async () => {
    localStorage.clear();
    const { calls } = serve(null);
    boot('/store/step_2');
    await waitFor(() => expect(getCommitted().path).toBe('/login'), SLOW);
    // back to the step after logging in (the login page follows ?redirect=)
    expect(window.location.search).toBe('?redirect=%2Fstore%2Fstep_2');
    expect(calledWith(calls, 'GET', '/api/store')).toHaveLength(0);
  });

  it('shows the landing page to an anonymous visitor; its buttons go to the login and back here', async () => {
    localStorage.clear();
    const tree = [
      { id: 1, name: '手机数码', pid: 0, children: [{ id: 2, name: '手机', pid: 1, children: [{ id: 3, name: '智能手机', pid: 2 }] }] },
      { id: 8, name: '电脑办公', pid: 0, children: [{ id: 9, name: '笔记本', pid: 8, children: [{ id: 10, name: '轻薄本', pid: 9 }, { id: 11, name: '游戏本', pid: 9 }] }] },
    ];
    const { calls } = fakeFetch({
      ...common,
      'GET /api/common': envelope({ classes: tree, brands: [], common: { web_name: 'Souk', logo: '', icp: '' }, ip: '1.2.3.4', cart: 0 }),
    });
    boot('/store/join');
    expect(await screen.findByRole('heading', { name: '入驻流程' }, SLOW)).toBeTruthy();
    expect(getCommitted().path).toBe('/store/join');
    // 热招类目: the catalogue's own top-level classes, each a link to its goods
    const categories = screen.getByRole('heading', { name: '热招类目' }).parentElement!;
    const links = within(categories).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual(['手机数码', '电脑办公']);
    expect(JSON.parse(atob(decodeURIComponent(links[1].getAttribute('href')!.slice(3))))).toEqual({ pid: 8, class_id: [10, 11] });
    expect(screen.queryByText('母婴玩具')).toBeNull();
    expect(calledWith(calls, 'GET', '/api/store')).toHaveLength(0);
    fireEvent.click(screen.getAllByRole('button', { name: '查看入驻进度' })[0]);
    await waitFor(() => expect(getCommitted().path).toBe('/login'));
    expect(window.location.search).toBe('?redirect=%2Fstore%2Fjoin');
    expect(calledWith(calls, 'GET', '/api/store')).toHaveLength(0);
  });

  it('landing → step 1: the agreement (html part only) must be accepted before joining', async () => {
    const { calls } = serve(null, { 'POST /api/store/join': envelope({ id: 5, store_verify: 1 }) });
    boot('/store/join');
    expect(await screen.findByRole('heading', { name: '入驻流程' }, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '我要入驻' }));
    await waitFor(() => expect(getCommitted().path).toBe('/store/step_1'));
    const box = await screen.findByRole('region', { name: '商家入驻协议' });
    await waitFor(() => expect(box.textContent).toBe('第一条 诚信经营'));
    expect(screen.getByRole('navigation', { name: '入驻步骤' }).querySelector('[aria-current="step"]')?.textContent).toContain('阅读协议');
    // the wizard kept its actor across the address change: one GET /api/store only
    expect(calledWith(calls, 'GET', '/api/store')).toHaveLength(1);

    // alerts exist only with their message
    expect(document.querySelectorAll('[role="alert"]')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: '同意协议，下一步' }));
    expect(screen.getByRole('alert').textContent).toBe('请先阅读《网站协议》');
    expect([...document.querySelectorAll('[role="alert"]')].map((el) => el.textContent)).toEqual(['请先阅读《网站协议》']);
    expect(calledWith(calls, 'POST', '/api/store/join')).toHaveLength(0);

    fireEvent.click(screen.getByRole('checkbox', { name: '是否了解且同意商家入驻协议' }));
    fireEvent.click(screen.getByRole('button', { name: '同意协议，下一步' }));
    await waitFor(() => expect(getCommitted().path).toBe('/store/step_2'));
    expect(await screen.findByRole('heading', { name: '填写入驻资料' }, SLOW)).toBeTruthy();
    expect(calledWith(calls, 'POST', '/api/store/join')).toHaveLength(1);
  });

  it('a failed join stays on step 1 with the message (§6.3 item 35)', async () => {
    const { calls } = serve(null, { 'POST /api/store/join': envelope(null, 500, '服务器开小差了') });
    boot('/store/join');
    fireEvent.click(await screen.findByRole('button', { name: '查看入驻进度' }, SLOW));
    fireEvent.click(await screen.findByRole('checkbox', { name: '是否了解且同意商家入驻协议' }));
    fireEvent.click(screen.getByRole('button', { name: '同意协议，下一步' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('服务器开小差了'));
    expect(getCommitted().path).toBe('/store/step_1');
    expect(screen.queryByRole('heading', { name: '填写入驻资料' })).toBeNull();
    expect(calledWith(calls, 'POST', '/api/store/join')).toHaveLength(1);
  });

  it('an application that already exists (409) carries on to step 2', async () => {
    serve(null, { 'POST /api/store/join': envelope({ id: 5, store_verify: 1, store_name: '旧店' }, 409, 'store already exists') });
    boot('/store/join');
    fireEvent.click(await screen.findByRole('button', { name: '我要入驻' }, SLOW));
    fireEvent.click(await screen.findByRole('checkbox', { name: '是否了解且同意商家入驻协议' }));
    fireEvent.click(screen.getByRole('button', { name: '同意协议，下一步' }));
    await waitFor(() => expect(getCommitted().path).toBe('/store/step_2'));
    expect((await screen.findByLabelText('店铺名称', {}, SLOW) as HTMLInputElement).value).toBe('旧店');
  });

  it('step 2 validates every field and sends nothing while it is wrong', async () => {
    const { calls } = serve({ id: 5, store_verify: 1 });
    boot('/store/step_2');
    const name = (await screen.findByLabelText('店铺名称', {}, SLOW)) as HTMLInputElement;
    fireEvent.change(field('法人联系方式'), { target: { value: '12345' } });
    fireEvent.change(field('身份证号码'), { target: { value: '110105194912310021' } });
    fireEvent.click(screen.getByRole('button', { name: '确认资料，提交审核' }));
    expect(screen.getByText('请先填写认证信息。')).toBeTruthy();
    expect(errorOf(name)).toBe('此项为必填项');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(errorOf(field('法人联系方式'))).toBe('请输入正确的手机号码');
    expect(errorOf(field('身份证号码'))).toBe('请输入正确的 18 位身份证号码');
    expect(errorOf(field('店铺图标'))).toBe('此项为必填项');
    expect(errorOf(screen.getByRole('button', { name: /产品栏目/ }))).toBe('此项为必填项');
    expect(errorOf(screen.getByRole('button', { name: /公司地址/ }))).toBe('此项为必填项');
    expect(errorOf(field('详细地址'))).toBe('此项为必填项');
    // typing clears that field's message
    fireEvent.change(name, { target: { value: '好店' } });
    expect(name.getAttribute('aria-invalid')).toBeNull();
    expect(calledWith(calls, 'PUT', '/api/store')).toHaveLength(0);
    expect(getCommitted().path).toBe('/store/step_2');
  });

  it('step 2 prefills, submits the whole record and moves to step 3', async () => {
    const { calls } = serve(FILLED, { 'PUT /api/store': envelope(null) });
    boot('/store/step_2');
    expect((await screen.findByLabelText('店铺名称', {}, SLOW) as HTMLInputElement).value).toBe('好店');
    // until the names are loaded the saved area shows as nothing, never as its ids
    expect(screen.getByRole('button', { name: /公司地址/ }).textContent).not.toContain('10 / 20');
    await waitFor(() => expect(screen.getByRole('button', { name: /公司地址/ }).textContent).toContain('北京 / 北京市 / 朝阳区'));
    await waitFor(() => expect(screen.getByRole('list', { name: '已选择的栏目' }).textContent).toContain('数码 / 手机 / 智能手机'));
    expect(screen.getByRole('img', { name: '店铺图标' }).getAttribute('src')).toBe('/uploads/store/logo.png');

    // add a second third-level class through the cascader
    fireEvent.click(screen.getByRole('button', { name: /产品栏目/ }));
    fireEvent.click(await screen.findByRole('button', { name: '数码' }));
    fireEvent.click(await screen.findByRole('button', { name: '手机' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: '老人机' }));
    expect(screen.getByRole('list', { name: '已选择的栏目' }).textContent).toContain('数码 / 手机 / 老人机');

    fireEvent.click(screen.getByRole('button', { name: '确认资料，提交审核' }));
    await waitFor(() => expect(getCommitted().path).toBe('/store/step_3'));
    const [put] = calledWith(calls, 'PUT', '/api/store');
    const body = new URLSearchParams(String(put.body));
    expect(body.get('store_name')).toBe('好店');
    expect(body.get('class_id[0][2]')).toBe('3');
    expect(body.get('class_id[1][2]')).toBe('4');
    expect([body.get('province_id'), body.get('city_id'), body.get('region_id')]).toEqual(['10', '20', '30']);
    expect(body.get('id_card_no')).toBe('11010519491231002X');
    expect(body.get('emergency_contact_phone')).toBe('13900000000');
    expect(await screen.findByRole('heading', { name: '等待管理员审核' })).toBeTruthy();
  });

  it('a server field error (422) is shown on that field', async () => {
    serve(FILLED, { 'PUT /api/store': envelope({ field: 'store_name' }, 422, '店铺名称已被使用') });
    boot('/store/step_2');
    const name = (await screen.findByLabelText('店铺名称', {}, SLOW)) as HTMLInputElement;
    fireEvent.click(screen.getByRole('button', { name: '确认资料，提交审核' }));
    await waitFor(() => expect(errorOf(name)).toBe('店铺名称已被使用'));
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(getCommitted().path).toBe('/store/step_2');
  });

  it('step 3 while verifying: waiting message, step bar at 等待审核', async () => {
    const { calls } = serve({ ...FILLED, store_verify: 2 });
    boot('/store/join');
    expect(await screen.findByRole('heading', { name: '等待管理员审核' }, SLOW)).toBeTruthy();
    expect(getCommitted().path).toBe('/store/step_3');
    expect(screen.getByRole('navigation', { name: '入驻步骤' }).querySelector('[aria-current="step"]')?.textContent).toContain('等待审核');
    expect(screen.queryByRole('button', { name: '入驻资料，前往修改' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '刷新审核状态' }));
    await waitFor(() => expect(calledWith(calls, 'GET', '/api/store')).toHaveLength(2));
  });

  it('step 3 when refused: the reason, 审核失败 in the step bar, and editing goes back to step 2 (§6.3 item 35)', async () => {
    serve({ ...FILLED, store_verify: 3, store_refuse_info: '营业执照不清晰' });
    boot('/store/step_3');
    expect(await screen.findByRole('heading', { name: '审核失败，请在工作人员协助下完善资料' }, SLOW)).toBeTruthy();
    expect(screen.getByText('原因：营业执照不清晰')).toBeTruthy();
    const current = screen.getByRole('navigation', { name: '入驻步骤' }).querySelector('[aria-current="step"]');
    expect(current?.textContent).toContain('审核失败');
    fireEvent.click(screen.getByRole('button', { name: '入驻资料，前往修改' }));
    await waitFor(() => expect(getCommitted().path).toBe('/store/step_2'));
    expect((await screen.findByLabelText('店铺名称', {}, SLOW) as HTMLInputElement).value).toBe('好店');
  });

  it('step 3 when approved: the button opens the seller login', async () => {
    serve({ ...FILLED, store_verify: 4 });
    boot('/store/step_3');
    expect(await screen.findByRole('heading', { name: '审核成功，前往店铺设置' }, SLOW)).toBeTruthy();
    const steps = within(screen.getByRole('navigation', { name: '入驻步骤' })).getAllByRole('listitem');
    expect(steps.some((step) => step.getAttribute('aria-current'))).toBe(false);
    expect(steps[3].textContent).toContain('审核通过');
    fireEvent.click(screen.getByRole('button', { name: '店铺配置，登录店铺' }));
    await waitFor(() => expect(getCommitted().path).toBe('/Seller/login'));
  });
});
