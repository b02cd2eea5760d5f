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

/**
 * The loader run against a stand-in browser: which inputs, observers and timers make it add the
 * scripts. (tests/e2e/storefront.test.ts reloads a scrolled page in Chromium.)
 */
function runLoader(html: string, { image = true, lcp = true, observer = true } = {}) {
  const body = /<script>(\(function\(f\)\{.*\}\)\(\{.*\}\))<\/script><\/body>/s.exec(html)![1];
  const added: string[] = [];
  const listeners = new Map<string, () => void>();
  const timers: { ms: number; run: () => void }[] = [];
  const img = { complete: false, addEventListener: (type: string, fn: () => void) => listeners.set(`img:${type}`, fn) };
  let intersection: ((entries: { isIntersecting: boolean }[]) => void) | null = null;
  let paint: ((list: { getEntries: () => { element: unknown }[] }) => void) | null = null;
  const window = {
    addEventListener: (type: string, fn: () => void, options: { capture?: boolean; once?: boolean }) => {
      expect(options).toMatchObject({ capture: true, once: true });
      listeners.set(type, fn);
    },
    IntersectionObserver: observer
      ? class {
          constructor(fn: typeof intersection) {
            intersection = fn;
          }
          observe(target: unknown) {
            expect(target).toBe(img);
          }
        }
      : undefined,
    PerformanceObserver: Object.assign(
      class {
        constructor(fn: typeof paint) {
          paint = fn;
        }
        observe() {}
      },
      { supportedEntryTypes: lcp ? ['largest-contentful-paint'] : [] },
    ),
  };
  const document = {
    querySelector: (selector: string) => (selector === '#root img[fetchpriority=high]' && image ? img : null),
    createElement: (tag: string) => ({ tag }) as Record<string, string>,
    head: { appendChild: (e: Record<string, string>) => added.push(e.src ?? `preload ${e.href}`) },
  };
  const setTimeout = (run: () => void, ms = 0) => void timers.push({ ms, run });
  const requestAnimationFrame = (run: () => void) => void timers.push({ ms: 16, run });
  new Function('window', 'document', 'setTimeout', 'requestAnimationFrame', body)(window, document, setTimeout, requestAnimationFrame);
  /** Run the timers due within `ms` (the 3 s cap only when asked). */
  const tick = (ms = 100) => {
    for (let n = 0; n < 10; n++) {
      const due = timers.filter((t) => t.ms <= ms);
      if (!due.length) return;
      for (const t of due) timers.splice(timers.indexOf(t), 1), t.run();
    }
  };
  return {
    added,
    tick,
    input: (type: string) => listeners.get(type)!(),
    inputs: () => [...listeners.keys()].filter((k) => !k.startsWith('img:')),
    intersect: (isIntersecting: boolean) => intersection!([{ isIntersecting }]),
    paint: (element: unknown = img) => paint!({ getEntries: () => [{ element }] }),
    image: img,
    imageLoaded: () => listeners.get('img:load')!(),
  };
}

describe('the loader', () => {
  const html = deferScripts(INDEX, ['/assets/home.js']);
  const loaded = ['preload /assets/runtime.js', 'preload /assets/home.js', '/assets/index-1.js'];

  it('loads the scripts after the largest paint of the image while it is in view', () => {
    const page = runLoader(html);
    page.intersect(true);
    page.paint({ other: true });
    page.tick();
    expect(page.added).toEqual([]);
    page.paint();
    page.tick();
    expect(page.added).toEqual(loaded);
    page.input('pointerdown');
    page.tick(5000);
    expect(page.added).toEqual(loaded); // once
  });

  it('loads them at once when the image is out of view (a reload of a scrolled page)', () => {
    const page = runLoader(html);
    page.intersect(false);
    expect(page.added).toEqual(loaded);
  });

  it.each(['pointerdown', 'keydown', 'touchstart', 'wheel', 'scroll'])('loads them at once on the first %s', (type) => {
    const page = runLoader(html);
    expect(page.inputs().sort()).toEqual(['keydown', 'pointerdown', 'scroll', 'touchstart', 'wheel']);
    page.intersect(true);
    page.input(type);
    expect(page.added).toEqual(loaded);
  });

  it('adds a long list a few elements per task, the preloads first and the entry last', () => {
    const chunks = Array.from({ length: 13 }, (_, i) => `/assets/c${i}.js`);
    const page = runLoader(deferScripts(INDEX, chunks));
    page.intersect(false);
    expect(page.added).toEqual(['preload /assets/runtime.js', ...chunks.slice(0, 5).map((c) => `preload ${c}`)]);
    page.tick();
    expect(page.added).toEqual(['preload /assets/runtime.js', ...chunks.map((c) => `preload ${c}`), '/assets/index-1.js']);
  });

  it('waits at most 3 s for a paint the browser never reports', () => {
    const page = runLoader(html, { observer: false });
    page.tick(2999);
    expect(page.added).toEqual([]);
    page.tick(3000);
    expect(page.added).toEqual(loaded);
  });

  it('without largest-paint entries, loads after the image; without an image, after the first frame', () => {
    const page = runLoader(html, { lcp: false });
    page.intersect(true);
    page.tick();
    expect(page.added).toEqual([]);
    page.imageLoaded();
    page.tick();
    expect(page.added).toEqual(loaded);
    const plain = runLoader(html, { image: false });
    expect(plain.inputs()).toEqual([]);
    plain.tick();
    expect(plain.added).toEqual(loaded);
  });
});
