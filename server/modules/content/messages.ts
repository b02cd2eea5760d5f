import { defineMessages } from '../../http/messages';

/** Messages of the content module (admin content resources and their public endpoints). */
export const contentMessage = defineMessages({
  'content.badEditorDoc': {
    'zh-cn': '富文本的编辑器数据格式不正确（链接和图片地址必须是文字）',
    en: 'the editor data of this rich text is malformed (link and image addresses must be text)',
  },
  'content.badUrl': { 'zh-cn': '必须是 http(s) 链接或站内上传的地址', en: 'must be an http(s) link or an uploaded file address' },
  'content.badLink': { 'zh-cn': '必须是 http(s) 链接或以 / 开头的站内路径', en: 'must be an http(s) link or a site path starting with /' },
  'content.badCode': { 'zh-cn': '只能包含字母、数字、下划线和短横线', en: 'may only contain letters, digits, _ and -' },
  'content.categoryMissing': { 'zh-cn': '所选的文章栏目不存在', en: 'The chosen article category does not exist' },
  'content.parentCategoryMissing': { 'zh-cn': '所选的上级栏目不存在', en: 'The chosen parent category does not exist' },
  'content.spaceMissing': { 'zh-cn': '所选的广告位不存在', en: 'The chosen ad space does not exist' },
  'content.parentAreaMissing': { 'zh-cn': '所选的上级地区不存在', en: 'The chosen parent area does not exist' },
  'content.categoryLoop': {
    'zh-cn': '上级栏目不能是该栏目自身或它的下级',
    en: 'The parent category cannot be the category itself or one of its sub-categories',
  },
  'content.areaLoop': { 'zh-cn': '上级地区不能是该地区自身', en: 'An area cannot be its own parent' },
  'content.areaCode': { 'zh-cn': '区域代码必须以上级代码开头，且比上级多 2 位', en: 'The area code must extend its parent code by 2 digits' },
  'content.areaHasChildren': { 'zh-cn': '该区域还有下级区域，不能修改代码', en: 'This area has children: its code cannot change' },
  'content.advPeriod': { 'zh-cn': '结束时间必须晚于开始时间', en: 'The end time must be after the start time' },
  'content.spaceNameRequired': { 'zh-cn': '请提供广告位名称 name', en: 'The ad space name is required' },
  // Values another live row already holds (resource `unique`).
  'content.areaCodeTaken': { 'zh-cn': '区域代码 {value} 已存在。', en: 'The area code {value} is already taken.' },
  'content.expressCodeTaken': { 'zh-cn': '物流公司代码 {value} 已存在。', en: 'The courier code {value} is already taken.' },
  'content.agreementTaken': { 'zh-cn': '调用名称 {value} 已被其他协议使用。', en: 'The call name {value} is already used by another agreement.' },
  'content.advSpaceTaken': { 'zh-cn': '广告位名称 {value} 已存在。', en: 'The ad space name {value} is already taken.' },
  // Deletes refused while something still depends on the row (resource `dependents`).
  'content.menuHasChildren': {
    'zh-cn': '文章分类“{name}”下还有 {count} 个子分类（{names}），请先删除或移走它们。',
    en: 'The article category "{name}" still has {count, plural, one {# sub-category} other {# sub-categories}} ({names}); delete or move them first.',
  },
  'content.menuHasArticles': {
    'zh-cn': '文章分类“{name}”下还有 {count} 篇文章（{names}），请先删除或移走它们。',
    en: 'The article category "{name}" still holds {count, plural, one {# article} other {# articles}} ({names}); delete or move them first.',
  },
  'content.areaHasSubAreas': {
    'zh-cn': '区域“{name}”下还有 {count} 个下级区域（{names}），请先删除它们。',
    en: 'The area "{name}" still has {count, plural, one {# sub-area} other {# sub-areas}} ({names}); delete them first.',
  },
  'content.areaUsedByStores': {
    'zh-cn': '区域“{name}”仍被 {count} 个店铺的地址使用（{names}），不能删除。',
    en: 'The area "{name}" is still in the address of {count, plural, one {# store} other {# stores}} ({names}) and cannot be deleted.',
  },
  'content.spaceHasAdverts': {
    'zh-cn': '广告位“{name}”下还有 {count} 个广告（{names}），请先删除或移走它们。',
    en: 'The ad space "{name}" still holds {count, plural, one {# advert} other {# adverts}} ({names}); delete or move them first.',
  },
  'content.currencyInUse': {
    'zh-cn': '货币“{name}”已被 {count} 条资金记录使用，不能删除。',
    en: 'The currency "{name}" is used by {count, plural, one {# money log entry} other {# money log entries}} and cannot be deleted.',
  },
});
