import { defineMessages } from '../../http/messages';

/** Messages of the seller console's own resources. */
export const sellerAdminMessage = defineMessages({
  'sellerAdmin.badIds': { 'zh-cn': '{field} 必须是编号列表', en: '{field} must be a list of ids' },
  'sellerAdmin.idsRequired': { 'zh-cn': '请至少选择一项 {field}', en: 'Choose at least one {field}' },
  'sellerAdmin.foreignIds': { 'zh-cn': '{field} 中有不属于本店的编号', en: '{field} holds ids that are not available to this store' },
  'sellerAdmin.badDir': { 'zh-cn': '图片空间目录不存在', en: 'This image-space folder does not exist' },
  'sellerAdmin.badArea': { 'zh-cn': '请选择有效的省、市、区', en: 'Choose a valid province, city and district' },
  'sellerAdmin.badPoint': { 'zh-cn': '{field} 不是有效的坐标', en: '{field} is not a valid coordinate' },
  'sellerAdmin.badPhone': { 'zh-cn': '联系电话只能包含数字、空格和 + - ( )', en: 'The phone may only hold digits, spaces and + - ( )' },
  'sellerAdmin.tooManySlides': { 'zh-cn': '{field} 最多 3 张', en: '{field} takes at most 3 images' },
  'sellerAdmin.notGrantable': {
    'zh-cn': '{field} 中有您自己没有的权限，不能分配：{ids}',
    en: '{field} contains menus you do not hold yourself and cannot grant: {ids}',
  },
  'sellerAdmin.strongerAccount': {
    'zh-cn': '该员工拥有您没有的权限，您不能修改它。',
    en: 'This staff member holds menus you do not have, so you cannot change it.',
  },
  'sellerAdmin.strongerRole': {
    'zh-cn': '该角色拥有您没有的权限，您不能修改或删除它。',
    en: 'This role holds menus you do not have, so you cannot change or delete it.',
  },
  'sellerAdmin.noSuchAction': { 'zh-cn': '该操作不可用。', en: 'This action is not available.' },
  'sellerAdmin.usernameTaken': { 'zh-cn': '用户名 {value} 已存在。', en: 'The username {value} is already taken.' },
  'sellerAdmin.roleNameTaken': { 'zh-cn': '本店已有名为“{value}”的角色。', en: 'This store already has a role named "{value}".' },
  'sellerAdmin.roleInUse': {
    'zh-cn': '角色“{name}”仍分配给 {count} 个员工（{names}），请先取消分配。',
    en: 'The role "{name}" is still assigned to {count, plural, one {# staff member} other {# staff members}} ({names}); unassign it first.',
  },
});
