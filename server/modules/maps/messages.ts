import { defineMessages } from '../../http/messages';

export const mapMessages = defineMessages({
  'map.notConfigured': { 'zh-cn': '地图服务未配置，请直接填写经纬度。', en: 'The map service is not set up; please enter the latitude and longitude.' },
  'map.notFound': { 'zh-cn': '没有找到该地址的位置，请检查地址或在地图上选点。', en: 'No place was found for this address; check it or pick the point on the map.' },
  'map.rejected': { 'zh-cn': '地图服务暂不可用，请稍后再试或直接填写经纬度。', en: 'The map service is not available right now; try later or enter the coordinates.' },
  'map.unreachable': { 'zh-cn': '地图服务暂时无法连接，请稍后再试。', en: 'The map service could not be reached; please try again in a moment.' },
});
