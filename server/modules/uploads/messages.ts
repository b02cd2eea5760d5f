import { defineMessages } from '../../http/messages';

defineMessages({
  notImage: { 'zh-cn': '只能上传图片（jpg、png、gif、webp）。', en: 'Only images (jpg, png, gif, webp) can be uploaded.' },
  fileType: { 'zh-cn': '不支持的文件类型，只能上传：{types}。', en: 'Unsupported file type; allowed: {types}.' },
  diskFull: {
    'zh-cn': '服务器存储空间不足，暂时无法上传，请联系管理员。',
    en: 'The server is running out of disk space: uploads are paused, please tell the site operator.',
  },
  uploadQuota: { 'zh-cn': '今日上传已达上限（{mb} MB），请明天再试。', en: 'You have reached today\'s upload limit ({mb} MB); please try again tomorrow.' },
  fileTooLarge: { 'zh-cn': '文件不能超过 10 MB。', en: 'The file must not exceed 10 MB.' },
});
