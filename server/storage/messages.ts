import { defineMessages } from '../http/messages';

defineMessages({
  storageUnavailable: {
    'zh-cn': '文件存储暂时无法访问，请稍后再试；如持续出现，请联系管理员检查上传配置。',
    en: 'File storage cannot be reached right now; please try again shortly. If this persists, ask the site operator to check the upload settings.',
  },
});
