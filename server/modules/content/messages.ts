import { defineMessages } from '../../http/messages';

/** Messages of the content module (admin content resources and their public endpoints). */
export const contentMessage = defineMessages({
  'content.badUrl': { 'zh-cn': '必须是 http(s) 链接或站内上传的地址', en: 'must be an http(s) link or an uploaded file address' },
  'content.badLink': { 'zh-cn': '必须是 http(s) 链接或以 / 开头的站内路径', en: 'must be an http(s) link or a site path starting with /' },
  'content.badCode': { 'zh-cn': '只能包含字母、数字、下划线和短横线', en: 'may only contain letters, digits, _ and -' },
  'content.parentMissing': { 'zh-cn': '{field} 指向的上级不存在', en: 'The parent given in {field} does not exist' },
  'content.parentLoop': { 'zh-cn': '{field} 不能是自身或自己的下级', en: '{field} cannot be the item itself or one of its children' },
  'content.areaCode': { 'zh-cn': '区域代码必须以上级代码开头，且比上级多 2 位', en: 'The area code must extend its parent code by 2 digits' },
  'content.areaHasChildren': { 'zh-cn': '该区域还有下级区域，不能修改代码', en: 'This area has children: its code cannot change' },
  'content.advPeriod': { 'zh-cn': '结束时间必须晚于开始时间', en: 'The end time must be after the start time' },
  'content.spaceNameRequired': { 'zh-cn': '请提供广告位名称 name', en: 'The ad space name is required' },
});
