import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import zh from '../../locales/zh-cn.json';
import { punctuationProblems } from '../chinesePunctuation';

const root = join(__dirname, '../../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

/** Message ids written literally in src: id="x", id: 'x', t('x'), formatMessage({ id: 'x' }). */
function usedIds(): Set<string> {
  const ids = new Set<string>();
  const patterns = [/\bid="([a-zA-Z]+\.[\w.]+)"/g, /\bid: '([a-zA-Z]+\.[\w.]+)'/g, /\bt\('([a-zA-Z]+\.[\w.]+)'/g];
  for (const file of sourceFiles(root)) {
    const text = readFileSync(file, 'utf8');
    for (const pattern of patterns) for (const match of text.matchAll(pattern)) ids.add(match[1]);
  }
  return ids;
}

describe('locales', () => {
  it('zh-cn and en have exactly the same keys', () => {
    const zhKeys = Object.keys(zh).sort();
    const enKeys = Object.keys(en).sort();
    expect(zhKeys.filter((k) => !enKeys.includes(k))).toEqual([]);
    expect(enKeys.filter((k) => !zhKeys.includes(k))).toEqual([]);
    expect(zhKeys.length).toBeGreaterThan(50);
  });

  it('writes Chinese texts with Chinese punctuation (no "操作成功." or "已取消. 如果")', () => {
    const bad = Object.entries(zh as Record<string, string>).flatMap(([key, text]) => punctuationProblems(text).map((problem) => `${key}: ${problem} — ${text}`));
    expect(bad).toEqual([]);
    // the check itself
    expect(punctuationProblems('操作成功.')).toEqual(['ends in "."']);
    expect(punctuationProblems('最多 {max} 个字符.')).toEqual(['ends in "."']);
    expect(punctuationProblems('已取消. 如果付了款')).toEqual(['"消." inside']);
    expect(punctuationProblems('立即登录?')).toEqual(['ends in "?"']);
    expect(punctuationProblems('操作成功。')).toEqual([]);
    expect(punctuationProblems('Operation successful.')).toEqual([]);
    expect(punctuationProblems('{count, plural, other {# 行}}')).toEqual([]);
  });

  it('has no empty translation', () => {
    for (const messages of [zh, en] as Record<string, string>[]) {
      for (const [key, value] of Object.entries(messages)) expect(value.trim(), key).not.toBe('');
    }
  });

  it('defines every message id the source uses', () => {
    const ids = usedIds();
    expect(ids.size).toBeGreaterThan(40);
    const missing = [...ids].filter((id) => !(id in zh));
    expect(missing).toEqual([]);
  });

  it('carries the spec messages', () => {
    expect(zh['msg.subNotAllowBuy']).toBe('子账号不允许购买');
    expect(en['msg.subNotAllowBuy']).toBe('Sub-accounts are not allowed to buy');
    expect(zh['msg.loginAbn']).toBe('账号或者密码错误。');
    expect(zh['msg.reInputError']).toBe('两次输入不一致。');
    expect(zh['http.throttled']).toBe('您请求太频繁了，请休息一会');
    expect(zh['sms.phoneEmpty']).toBe('手机号码为空。');
    expect(zh['shell.menuName']).toBe('Menu Name');
  });
});
