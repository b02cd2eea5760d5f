/**
 * For a page the server rendered: the app's scripts start loading once the page's largest image
 * has been painted (its largest-contentful-paint entry; where the browser has none, its load),
 * not beside it. The HTML is already the page, so on a slow link the image and the styles get
 * the bandwidth first and the ~110 KB of script that makes the page interactive follows; links
 * work as plain links meanwhile.
 *
 * The wait is only worth it while that image is what the visitor looks at. The scripts load at
 * once when the image is out of the viewport (a reload of a scrolled page: the browser never
 * reports a paint of an image nobody sees) and on the visitor's first input (pointer, key, touch,
 * wheel or scroll: the browser stops reporting largest paints after input anyway, and the
 * visitor is about to use the page). MAX_WAIT_MS only bounds browsers that report nothing.
 *
 * Takes index.html with the page's chunk list; returns it with the entry script and module
 * preloads moved into one inline loader at the end of the body, which adds them a few per task
 * (BATCH), the preloads first.
 */
const MAX_WAIT_MS = 3000;
/** Script and preload elements added per task. */
const BATCH = 6;
/** Inputs that load the scripts at once (listened to on window, in the capture phase). */
const FIRST_INPUTS = ['pointerdown', 'keydown', 'touchstart', 'wheel', 'scroll'] as const;

const ENTRY = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g;
const PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

export function deferScripts(html: string, chunks: string[]): string {
  const entries: string[] = [];
  const preloads: string[] = [];
  const rest = html.replace(ENTRY, (_, src: string) => (entries.push(src), '')).replace(PRELOAD, (_, href: string) => (preloads.push(href), ''));
  if (!entries.length) return html;
  const files = JSON.stringify({ entries, preloads: [...new Set([...preloads, ...chunks])] }).replace(/</g, '\\u003c');
  // after the largest paint of that image (its LCP entry), else its load; at once when it is out
  // of view or on the first input; never later than MAX_WAIT_MS
  const loader =
    `<script>(function(f){var w=window,d=document,done=0,i=d.querySelector('#root img[fetchpriority=high]'),P=w.PerformanceObserver,I=w.IntersectionObserver;` +
    `function add(rel,url){var e=d.createElement(rel?'link':'script');e.crossOrigin='';if(rel){e.rel=rel;e.href=url}else{e.type='module';e.src=url}d.head.appendChild(e)}` +
    // BATCH elements per task: adding the ~20 of a goods page at once is one long task (each
    // starts a fetch); preloads first, the entry last
    `function go(){if(done++)return;var l=f.preloads.map(function(u){return['modulepreload',u]}).concat(f.entries.map(function(u){return['',u]}));` +
    `(function next(){l.splice(0,${BATCH}).forEach(function(e){add(e[0],e[1])});if(l.length)setTimeout(next)})()}` +
    `function later(){requestAnimationFrame(function(){setTimeout(go)})}` +
    `if(!i)later();else{setTimeout(go,${MAX_WAIT_MS});` +
    `${JSON.stringify(FIRST_INPUTS)}.forEach(function(t){w.addEventListener(t,go,{capture:true,passive:true,once:true})});` +
    `if(I)new I(function(l){l.forEach(function(e){if(!e.isIntersecting)go()})}).observe(i);` +
    `if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf('largest-contentful-paint')>=0)new P(function(l){l.getEntries().forEach(function(e){if(e.element===i)setTimeout(go)})}).observe({type:'largest-contentful-paint',buffered:true});` +
    `else if(i.complete)later();else{i.addEventListener('load',later);i.addEventListener('error',later)}}` +
    `})(${files})</script>`;
  return rest.replace('</body>', `${loader}</body>`);
}
