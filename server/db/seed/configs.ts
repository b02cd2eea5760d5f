/**
 * Configuration rows of reference §7.3: every key, with every secret empty. `is_type` 1 rows
 * hold JSON. The admin configuration pages edit them later.
 */
const wechat = (extra: Record<string, string>) => ({
  mch_id: '',
  mch_secret_key: '',
  mch_secret_cert: '',
  mch_public_cert_path: '',
  notify_url: '',
  ...extra,
});
const alipay = () => ({
  app_id: '',
  app_secret_cert: '',
  app_public_cert_path: '',
  alipay_public_cert_path: '',
  alipay_root_cert_path: '',
  notify_url: '',
  return_url: '',
});

export const seedConfigs: { name: string; description: string; content: string | object }[] = [
  { name: 'web_name', description: '网站名称', content: 'Souk 商城' },
  { name: 'index_name', description: '首页标题', content: 'Souk 多商户商城' },
  { name: 'keyword', description: '关键词', content: '商城,多商户,数码,家居' },
  { name: 'description', description: '网站描述', content: 'Souk 是一个多商户在线商城。' },
  { name: 'logo', description: '网站Logo', content: '' },
  { name: 'tel', description: '联系电话', content: '13800000000' },
  { name: 'mobile', description: '座机', content: '010-88888888' },
  { name: 'email', description: '邮箱', content: 'service@souk.example' },
  { name: 'icp', description: '备案信息', content: '' },
  { name: 'close_status', description: '网站状态', content: '1' },
  { name: 'close_reason', description: '关闭原因', content: '' },
  {
    name: 'upload',
    description: '上传配置',
    content: { save_type: false, key: '', access: '', bucket: '', endpoint: '', cdn: '', ssl: false },
  },
  { name: 'sms', description: '短信配置', content: { provider: 'aliyun', key: '', secret: '', sign: '', app_id: '', region: '' } },
  {
    name: 'oauth',
    description: '第三方登录',
    content: {
      weixin: { client_id: '', key: '', return_url: '' },
      weixinweb: { client_id: '', key: '', return_url: '' },
    },
  },
  {
    name: 'pay',
    description: '支付配置',
    content: {
      wechatwap: wechat({ app_id: '' }),
      wechatmp: wechat({ mp_app_id: '', secret_key: '' }),
      wechatmini: wechat({ mini_app_id: '', secret_key: '' }),
      wechatapp: wechat({ app_id: '' }),
      wechatscan: wechat({ app_id: '' }),
      alipaywap: alipay(),
      alipayapp: alipay(),
      alipayscan: alipay(),
      alipaymini: alipay(),
    },
  },
  { name: 'task', description: '定时任务', content: { cancel_minutes: '30', confirm: '4', settlement: '7', comment: '7' } },
  // the parcel-tracking provider (modules/express): kuaidi100 or kuaibao; test mode without its keys
  { name: 'logistics', description: '物流配置', content: { provider: 'kuaidi100' } },
  { name: 'kuaidi100', description: '快递100', content: { customer: '', key: '' } },
  { name: 'kuaibao', description: '快宝物流', content: { appid: '', appkey: '', agent_id: '' } },
  { name: 'amap', description: '高德地图', content: { key: '', jsapi: '', security: '' } },
  // cash: withdrawal fee, commission: the platform's commission on settled orders (percent, modules/settlement/rates.ts)
  { name: 'store', description: '店铺配置', content: { goods_verify: false, cash: '0.5', commission: '5' } },
  // points earned by a completed order, percent of the goods amount in yuan (modules/points/config.ts)
  { name: 'integral', description: '积分配置', content: { order_rate: '100' } },
];

export const seedSmsTemplates = [
  { name: 'register', code: 'SMS_REGISTER', content: 'Souk商城', description: '注册验证码' },
  { name: 'forget_password', code: 'SMS_FORGET_PASSWORD', content: 'Souk商城', description: '找回密码验证码' },
  { name: 'edit_user', code: 'SMS_EDIT_USER', content: 'Souk商城', description: '修改资料验证码' },
  { name: 'pay_password', code: 'SMS_PAY_PASSWORD', content: 'Souk商城', description: '支付密码验证码' },
  { name: 'new_phone', code: 'SMS_NEW_PHONE', content: 'Souk商城', description: '更换手机号验证码' },
  { name: 'login', code: 'SMS_LOGIN', content: 'Souk商城', description: '登录验证码' },
];
