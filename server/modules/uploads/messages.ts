import { defineMessages } from '../../http/messages';

defineMessages({
  notImage: { 'zh-cn': '只能上传图片（jpg、png、gif、webp）。', en: 'Only images (jpg, png, gif, webp) can be uploaded.' },
  fileType: { 'zh-cn': '不支持的文件类型，只能上传：{types}。', en: 'Unsupported file type; allowed: {types}.' },
  fileTooLarge: { 'zh-cn': '文件不能超过 10 MB。', en: 'The file must not exceed 10 MB.' },
});
