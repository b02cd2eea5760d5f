import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notices } from '../../../server/db/schema';
import { isEditorDoc } from '../../../server/modules/content/editorDoc';
import { RICH_TEXT_SEPARATOR } from '../../../server/modules/content/richText';
import { loginAdmin, loginOwnerSeller, openTestServer, type TestServer } from '../helpers';

const para = (marks: unknown[]) => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'x', marks }] }] });

describe('isEditorDoc', () => {
  it('accepts what the editor writes', () => {
    expect(isEditorDoc({ type: 'doc' })).toBe(true);
    expect(isEditorDoc(para([{ type: 'bold' }, { type: 'link', attrs: { href: 'https://a.example', target: '_blank', rel: null, class: null } }]))).toBe(true);
    expect(isEditorDoc({ type: 'doc', content: [{ type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 't' }] }, { type: 'image', attrs: { src: '/uploads/a.png', alt: null } }] })).toBe(true);
  });
  it('refuses non-string href/src, odd shapes and unknown keys', () => {
    expect(isEditorDoc(para([{ type: 'link', attrs: { href: { x: 1 } } }]))).toBe(false);
    expect(isEditorDoc(para([{ type: 'link', attrs: { href: 42 } }]))).toBe(false);
    expect(isEditorDoc({ type: 'doc', content: [{ type: 'image', attrs: { src: ['a'] } }] })).toBe(false);
    expect(isEditorDoc({ type: 'doc', content: [{ type: 'image', attrs: { src: null } }] })).toBe(false);
    expect(isEditorDoc({ type: 'doc', content: { type: 'paragraph' } })).toBe(false);
    expect(isEditorDoc({ type: 'doc', content: [{ type: 7 }] })).toBe(false);
    expect(isEditorDoc({ type: 'doc', content: [{ type: 'text' }] })).toBe(false);
    expect(isEditorDoc({ type: 'doc', content: [{ type: 'paragraph', onclick: 'x' }] })).toBe(false);
    expect(isEditorDoc({ type: 'paragraph' })).toBe(false);
    let deep: Record<string, unknown> = { type: 'text', text: 'x' };
    for (let i = 0; i < 100; i++) deep = { type: 'blockquote', content: [deep] };
    expect(isEditorDoc({ type: 'doc', content: [deep] })).toBe(false);
  });
});

describe('rich-text writes with a malformed editor document are refused', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await openTestServer();
  });
  afterAll(() => s.close());

  it('admin notices: 422 naming the field, nothing stored; a good document is kept', async () => {
    const admin = await loginAdmin(s);
    const before = (await s.db.select().from(notices)).length;
    const bad = `<p>x</p>${RICH_TEXT_SEPARATOR}${JSON.stringify(para([{ type: 'link', attrs: { href: { x: 1 } } }]))}`;
    const res = await s.call('POST', '/api/Admin/notices', { token: admin, body: { name: '坏文档', content: bad }, lang: 'en' });
    expect(res).toMatchObject({ code: 422, data: { field: 'content' } });
    expect(res.msg).toContain('editor data');
    expect((await s.db.select().from(notices)).length).toBe(before);
    const good = `<p>x</p>${RICH_TEXT_SEPARATOR}${JSON.stringify(para([{ type: 'link', attrs: { href: 'https://a.example' } }]))}`;
    const ok = await s.call<{ id: number; content: string }>('POST', '/api/Admin/notices', { token: admin, body: { name: '好文档', content: good } });
    expect(ok.code).toBe(200);
    const [row] = await s.db.select().from(notices).where(eq(notices.id, ok.data.id));
    expect(row.content).toBe(good);
  });

  it('seller store after-sale text with a numeric image src: 422', async () => {
    const owner = await loginOwnerSeller(s);
    const bad = `<p>x</p>${RICH_TEXT_SEPARATOR}${JSON.stringify({ type: 'doc', content: [{ type: 'image', attrs: { src: 5 } }] })}`;
    const res = await s.call('PUT', '/api/Seller/stores/0', { token: owner, body: { after_sale_service: bad } });
    expect(res).toMatchObject({ code: 422, data: { field: 'after_sale_service' } });
  });
});
