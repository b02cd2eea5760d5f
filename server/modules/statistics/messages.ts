import { defineMessages } from '../../http/messages';

/** Messages of the dashboards (refused periods name the parameter in `data.field`). */
export const statsMessage = defineMessages({
  'stats.dateFormat': { 'zh-cn': '日期范围应为两个 YYYY-MM-DD 格式的日期（2000–2100 年）。', en: 'The date range takes two dates as YYYY-MM-DD (years 2000–2100).' },
  'stats.rangePair': { 'zh-cn': '日期范围需要开始和结束两个日期。', en: 'The date range needs a first and a last day.' },
  'stats.rangeReversed': { 'zh-cn': '开始日期 {from} 晚于结束日期 {to}。', en: 'The first day {from} is after the last day {to}.' },
  'stats.rangeTooLong.day': { 'zh-cn': '按日统计最多 {max} 天，请缩短日期范围或按月查看。', en: 'A daily view covers at most {max} days: shorten the range or view by month.' },
  'stats.rangeTooLong.month': { 'zh-cn': '按月统计最多 {max} 个月，请缩短日期范围或按年查看。', en: 'A monthly view covers at most {max} months: shorten the range or view by year.' },
  'stats.rangeTooLong.year': { 'zh-cn': '按年统计最多 {max} 年，请缩短日期范围。', en: 'A yearly view covers at most {max} years: shorten the range.' },
  'stats.isType': { 'zh-cn': '统计粒度只能是 0（日）、1（月）或 2（年）。', en: 'The view is 0 (by day), 1 (by month) or 2 (by year).' },
});
