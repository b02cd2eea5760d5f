import { describe, expect, it } from 'vitest';
import { deferScripts } from '../../server/http/deferScripts';

const INDEX = `<!doctype html>
<html lang="zh-CN">
  <head>
    <title>Souk</title>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/runtime.js">
    <link rel="stylesheet" crossorigin href="/assets/index.css">
  </head>
  <body>
    <div id="root"><img src="/a.webp" fetchpriority="high"></div>
  </body>
</html>`;

/** The file lists the loader was given. */
const filesOf = (html: string) => JSON.parse(/\}\)\((\{.*\})\)<\/script><\/body>/.exec(html)![1]) as { entries: string[]; preloads: string[] };

describe('scripts of a server-rendered page wait for its largest paint', () => {
  it('moves the entry and its preloads, with the page\'s chunks, into one loader at the end of the body', () => {
    const html = deferScripts(INDEX, ['/assets/home.js', '/assets/runtime.js']);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).not.toContain('<script');
    expect(head).not.toContain('modulepreload');
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/index.css">');
    expect(filesOf(html)).toEqual({ entries: ['/assets/index-1.js'], preloads: ['/assets/runtime.js', '/assets/home.js'] });
    expect(html).toContain("largest-contentful-paint");
    expect(html.match(/<script>/g)).toHaveLength(1);
  });

  it('leaves a document without an entry script alone', () => {
    const plain = INDEX.replace(/<script type="module"[^>]*><\/script>/, '');
    expect(deferScripts(plain, ['/assets/home.js'])).toBe(plain);
  });

  it('writes the file list so that no name can end the script element', () => {
    const html = deferScripts(INDEX, ['/assets/</script><script>alert(1)</script>.js']);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(filesOf(html).preloads).toContain('/assets/</script><script>alert(1)</script>.js');
  });
});
