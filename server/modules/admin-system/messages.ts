import { defineMessages } from '../../http/messages';

/** Messages of the admin system pages (admins, roles, permissions, menus, users, configs). */
export const adminSystemMessages = defineMessages({
  usernameTaken: { 'zh-cn': '用户名 {username} 已存在。', en: 'The username {username} is already taken.' },
  phoneInUse: { 'zh-cn': '手机号 {phone} 已被使用。', en: 'The phone number {phone} is already in use.' },
  passwordRequired: { 'zh-cn': '请填写密码。', en: 'Please enter a password.' },
  cannotDeleteProtected: {
    'zh-cn': '不能删除超级管理员或当前登录的账号。',
    en: 'The super administrator and your own account cannot be deleted.',
  },
  cannotDeleteRoleOne: { 'zh-cn': '默认角色（编号 1）不能删除。', en: 'The default role (id 1) cannot be deleted.' },
  unknownIds: { 'zh-cn': '{field} 中有不存在的编号：{ids}', en: '{field} contains ids that do not exist: {ids}' },
  strongerAccount: {
    'zh-cn': '该账号拥有您没有的权限，您不能修改它。',
    en: 'This account holds permissions you do not have, so you cannot change it.',
  },
  strongerRole: {
    'zh-cn': '该角色拥有您没有的权限，您不能修改或删除它。',
    en: 'This role holds permissions you do not have, so you cannot change or delete it.',
  },
  notGrantable: {
    'zh-cn': '{field} 中有您自己没有的权限，不能分配：{ids}',
    en: '{field} contains entries you do not hold yourself and cannot grant: {ids}',
  },
  unknownRoute: { 'zh-cn': '没有这个接口路由，请从列表中选择。', en: 'There is no such API route; choose one from the list.' },
  unknownGroup: { 'zh-cn': '接口分组不存在。', en: 'The permission group does not exist.' },
  unknownParent: { 'zh-cn': '上级菜单不存在。', en: 'The parent menu does not exist.' },
  parentCycle: { 'zh-cn': '上级菜单不能是自己或自己的下级。', en: 'A menu cannot be placed under itself or one of its children.' },
  menuHasChildren: {
    'zh-cn': '菜单“{name}”下还有 {count} 个子菜单（{names}），请先删除子菜单。',
    en: 'The menu "{name}" still has {count, plural, one {# sub-menu} other {# sub-menus}} ({names}); delete them first.',
  },
  groupHasPermissions: {
    'zh-cn': '权限分组“{name}”下还有 {count} 个权限（{names}），请先删除或移走它们。',
    en: 'The permission group "{name}" still holds {count, plural, one {# permission} other {# permissions}} ({names}); delete or move them first.',
  },
  roleInUse: {
    'zh-cn': '角色“{name}”仍分配给 {count} 个管理员（{names}），请先取消分配。',
    en: 'The role "{name}" is still assigned to {count, plural, one {# administrator} other {# administrators}} ({names}); unassign it first.',
  },
  roleNameTaken: { 'zh-cn': '角色名称“{value}”已存在。', en: 'A role named "{value}" already exists.' },
  smsNameTaken: { 'zh-cn': '调用名称 {value} 已被其他短信模板使用。', en: 'The call name {value} is already used by another SMS template.' },
  userOwnsStore: {
    'zh-cn': '用户“{name}”名下有店铺或开店申请（{names}），不能删除。',
    en: 'The user "{name}" has a store or a store application ({names}) and cannot be deleted.',
  },
  userHasBalance: {
    'zh-cn': '用户“{name}”还有余额 {money}、冻结金额 {frozen}、积分 {integral}，清零后才能删除。',
    en: 'The user "{name}" still has a balance of {money}, {frozen} frozen and {integral} points; bring them to 0 before deleting.',
  },
  userHasStaff: {
    'zh-cn': '用户“{name}”下还有 {count} 个员工子账号（{names}），请先删除它们。',
    en: 'The user "{name}" still has {count, plural, one {# staff account} other {# staff accounts}} ({names}); delete them first.',
  },
  menuIcon: { 'zh-cn': '图标必须是 fa- 开头的图标名', en: 'the icon must be a Font Awesome name starting with fa-' },
  menuApis: { 'zh-cn': '路由必须以 / 开头，或是 http(s) 网址', en: 'the route must start with / or be an http(s) URL' },
  smsName: { 'zh-cn': '调用名称只能包含字母、数字和 _', en: 'the name may only hold letters, digits and _' },
  menuView: { 'zh-cn': '组件路径只能包含字母、数字、_、- 和 /', en: 'the view path may only hold letters, digits, _, - and /' },
  payPassword: { 'zh-cn': '支付密码必须是 6 位数字', en: 'the payment password must be 6 digits' },
  username: { 'zh-cn': '用户名只能包含字母、数字、_、-、@、. 或汉字', en: 'the username may hold letters, digits, _, -, @, . or Chinese characters' },
  phone: { 'zh-cn': '手机号格式不正确', en: 'not a valid mobile phone number' },
  unknownInviter: { 'zh-cn': '邀请人不存在。', en: 'The inviter does not exist.' },
  moneyZero: { 'zh-cn': '调整金额不能为 0', en: 'the amount must not be 0' },
  moneyOverdraw: {
    'zh-cn': '余额不足：调整后不能小于 0（当前 {balance}）。',
    en: 'Not enough balance: the result cannot go below 0 (currently {balance}).',
  },
  storeNoIntegral: { 'zh-cn': '店铺没有积分账户。', en: 'Stores have no integral account.' },
  moneyLogInfo: { 'zh-cn': '管理员 {username}（#{id}）后台调整', en: 'Adjusted by administrator {username} (#{id})' },
  configUnknown: { 'zh-cn': '配置信息异常：{name}', en: 'Unknown configuration: {name}' },
  configNothing: { 'zh-cn': '没有要保存的配置。', en: 'There is no configuration to save.' },
  configManyName: { 'zh-cn': '配置 {name} 没有分组 {sub}。', en: 'The configuration {name} has no section {sub}.' },
  email: { 'zh-cn': '邮箱格式不正确', en: 'not a valid email address' },
  url: { 'zh-cn': '必须是 http(s) 网址', en: 'must be an http(s) URL' },
  pathOrUrl: { 'zh-cn': '必须是以 / 开头的路径或 http(s) 网址', en: 'must be a path starting with / or an http(s) URL' },
  days: { 'zh-cn': '必须是 1 到 365 之间的整数天数', en: 'must be a whole number of days between 1 and 365' },
  minutes: { 'zh-cn': '必须是 1 到 10080 之间的整数分钟数', en: 'must be a whole number of minutes between 1 and 10080' },
  percent: { 'zh-cn': '必须是 0 到 100 之间、最多两位小数的数', en: 'must be a number from 0 to 100 with at most 2 decimals' },
  pointsRate: { 'zh-cn': '必须是 0 到 10000 之间的整数', en: 'must be a whole number from 0 to 10000' },
  closeStatus: { 'zh-cn': '必须是 "0"（关闭）或 "1"（开启）', en: 'must be "0" (closed) or "1" (open)' },
  bool: { 'zh-cn': '必须是 true 或 false', en: 'must be true or false' },
  host: { 'zh-cn': '必须是域名或 http(s) 网址', en: 'must be a host name or an http(s) URL' },
  filePath: { 'zh-cn': '文件路径不正确', en: 'not a valid file path' },
  smsProvider: { 'zh-cn': '必须是 aliyun 或 tencent', en: 'must be aliyun or tencent' },
  trackingProvider: { 'zh-cn': '必须是 kuaidi100 或 kuaibao', en: 'must be kuaidi100 or kuaibao' },
});

export type AdminSystemMessageKey = Parameters<typeof adminSystemMessages>[0];
