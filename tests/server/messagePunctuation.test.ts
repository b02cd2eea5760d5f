import { describe, expect, it } from 'vitest';
import { allMessages } from '../../server/http/messages';
import '../../server/modules/index';
import { punctuationProblems } from '../chinesePunctuation';

/** Issue 30: the server's Chinese messages use Chinese punctuation ("操作成功。", not "操作成功."). */
describe('server messages', () => {
  it('end, and join their sentences, with Chinese punctuation in zh-cn', () => {
    const messages = Object.entries(allMessages());
    expect(messages.length).toBeGreaterThan(200);
    const bad = messages.flatMap(([key, text]) => punctuationProblems(text['zh-cn']).map((problem) => `${key}: ${problem} — ${text['zh-cn']}`));
    expect(bad).toEqual([]);
  });
});
