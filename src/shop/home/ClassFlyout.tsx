import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'wouter';
import type { GoodsClass } from '../../api/common';
import { leafIds, searchHref } from '../search/searchHref';

/**
 * Category flyout (screens §5.4, with the §6.3 item 27 fix: the top level filters by its leaves).
 * Desktop: a 200 px column; hovering or focusing a row shows its second and third levels (CSS
 * :hover / :focus-within, so Tab walks into the panel). Mobile: a disclosure button.
 */
export function ClassFlyout({ classes }: { classes: GoodsClass[] }) {
  const [open, setOpen] = useState(false);
  return (
    <nav aria-labelledby="class-flyout" className="relative lg:w-[200px] lg:shrink-0">
      <button
        id="class-flyout"
        type="button"
        aria-expanded={open}
        aria-controls="class-flyout-list"
        onClick={() => setOpen((v) => !v)}
        className="focus-ring flex w-full items-center justify-between bg-brand px-4 py-2 text-sm font-semibold text-white lg:pointer-events-none"
      >
        <FormattedMessage id="shop.home.allClasses" />
        <span aria-hidden="true" className="lg:hidden">{open ? '▴' : '▾'}</span>
      </button>
      <ul id="class-flyout-list" className={`${open ? 'block' : 'hidden'} bg-slate-800 py-1 text-sm text-white lg:block lg:h-[calc(100%-36px)]`}>
        {classes.map((top) => (
          <li key={top.id} className="group">
            <Link
              href={searchHref({ pid: top.id, class_id: leafIds(top) })}
              className="focus-ring block px-4 py-2 hover:bg-slate-700 group-hover:bg-slate-700 group-focus-within:bg-slate-700"
            >
              {top.name}
            </Link>
            {!!top.children?.length && (
              <div className="hidden bg-white p-4 text-slate-900 shadow-lg group-focus-within:block group-hover:block lg:absolute lg:top-0 lg:left-full lg:z-30 lg:min-h-full lg:w-[760px] lg:max-w-[calc(100vw-220px)]">
                {top.children.map((second) => (
                  <div key={second.id} className="flex flex-wrap gap-x-4 gap-y-1 border-b border-slate-100 py-2 last:border-0">
                    <Link href={searchHref({ pid: top.id, sid: second.id, class_id: leafIds(second) })} className="focus-ring w-24 shrink-0 rounded font-semibold hover:text-brand">
                      {second.name}
                    </Link>
                    <ul className="flex flex-1 flex-wrap gap-x-3 gap-y-1">
                      {second.children?.map((third) => (
                        <li key={third.id}>
                          <Link href={searchHref({ pid: top.id, sid: second.id, tid: third.id, class_id: [third.id] })} className="focus-ring rounded text-slate-700 hover:text-brand">
                            {third.name}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  </div>
                ))}
              </div>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
