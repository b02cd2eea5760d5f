import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agreements, articles, notices } from '../../../server/db/schema';
import { RICH_TEXT_SEPARATOR, sanitizeRichText } from '../../../server/modules/content/richText';
import { loginAdmin, openTestServer, type TestServer } from '../helpers';

describe('sanitizeRichText (allow-list)', () => {
  it('removes scripts, event handlers, styles and unsafe URLs', () => {
    const out = sanitizeRichText(
      '<p style="color:red" onclick="steal()">hi<script>alert(1)</script></p>' +
        '<img src="x" onerror="alert(1)"><img src="/uploads/a.png" alt="a" onload="x()">' +
        '<a href="javascript:alert(1)">bad</a><a href=" JaVaScRiPt:alert(1)">bad2</a><a href="https://example.com" rel="nofollow" onmouseover="x()">ok</a>' +
        '<iframe src="https://evil.example"></iframe><style>p{}</style><svg onload="x()"></svg><form><input></form>',
    );
    expect(out).not.toMatch(/script|onerror|onclick|onload|onmouseover|style|javascript|iframe|svg|<form|<input/i);
    expect(out).toContain('<p>hi</p>');
    expect(out).toContain('<img src="/uploads/a.png" alt="a" />');
    expect(out).not.toContain('src="x"');
    expect(out).toContain('<a href="https://example.com" rel="nofollow">ok</a>');
    expect(out).toContain('<a>bad</a>');
  });

  it('keeps the allowed formatting: headings, lists, quotes, code, tables, mailto and http images', () => {
    const html =
      '<h1>t</h1><h4>u</h4><p><strong>b</strong><em>i</em><u>u</u><s>s</s><br /></p><ul><li>a</li></ul><ol><li>b</li></ol>' +
      '<blockquote>q</blockquote><pre><code>x</code></pre><hr /><table><thead><tr><th>h</th></tr></thead><tbody><tr><td colspan="2">d</td></tr></tbody></table>' +
      '<p><a href="mailto:a@b.c">m</a><img src="https://cdn.example.com/a.jpg" alt="c" /></p>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('keeps the editor JSON only when it parses and holds no unsafe URL', () => {
    const doc = JSON.stringify({ type: 'doc', content: [{ type: 'image', attrs: { src: '/uploads/a.png' } }] });
    expect(sanitizeRichText(`<p>a</p>${RICH_TEXT_SEPARATOR}${doc}`)).toBe(`<p>a</p>${RICH_TEXT_SEPARATOR}${doc}`);
    expect(sanitizeRichText(`<p>a</p>${RICH_TEXT_SEPARATOR}{not json`)).toBe('<p>a</p>');
    const evil = JSON.stringify({ type: 'doc', content: [{ type: 'text', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] }] });
    expect(sanitizeRichText(`<p>a</p>${RICH_TEXT_SEPARATOR}${evil}`)).toBe('<p>a</p>');
    expect(sanitizeRichText(`<p>a</p>${RICH_TEXT_SEPARATOR}"just a string"`)).toBe('<p>a</p>');
  });
});

describe('rich-text columns are sanitised on every write', () => {
  let s: TestServer;
  let admin: string;
  beforeAll(async () => {
    s = await openTestServer();
    admin = await loginAdmin(s);
  });
  afterAll(() => s.close());

  const dirty = `<p onclick="x()">正文<script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">链接</a></p>${RICH_TEXT_SEPARATOR}{"type":"doc"}`;
  const clean = `<p>正文<a>链接</a></p>${RICH_TEXT_SEPARATOR}{"type":"doc"}`;

  it('notices, agreements and articles (create and update)', async () => {
    const notice = await s.call<{ id: number; content: string }>('POST', '/api/Admin/notices', { token: admin, body: { name: '脚本测试', content: dirty } });
    expect(notice.data.content).toBe(clean);
    const [n] = await s.db.select().from(notices).where(eq(notices.id, notice.data.id));
    expect(n.content).toBe(clean);

    const agreement = await s.call<{ id: number }>('POST', '/api/Admin/agreements', { token: admin, body: { name: '脚本协议', ename: 'xss', content: '<p>ok</p>' } });
    await s.call('PUT', `/api/Admin/agreements/${agreement.data.id}`, { token: admin, body: { content: dirty } });
    const [a] = await s.db.select().from(agreements).where(eq(agreements.id, agreement.data.id));
    expect(a.content).toBe(clean);

    const article = await s.call<{ id: number }>('POST', '/api/Admin/articles', { token: admin, body: { pid: 1, name: '脚本文章', content: dirty } });
    const [r] = await s.db.select().from(articles).where(eq(articles.id, article.data.id));
    expect(r.content).toBe(clean);
  });
});
