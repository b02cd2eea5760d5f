import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import { localName, type TwoNames } from '../../../machines/localName';
import { useCommon } from '../layout/commonStore';
import { leafIds, searchHref } from '../search/searchHref';

/**
 * The category flyout's list (screens §5.4, with the §6.3 item 27 fix: the top level filters by
 * its leaves), shown by the nav row (src/shop/layout/ShopNav.tsx): pinned beside the home page's
 * banner, a dropdown elsewhere. Hovering or focusing a row shows its second and third levels
 * (CSS :hover / :focus-within, so Tab walks into them). Below 1024 px a tap follows a link at
 * once, so each row has a toggle that opens its sub-levels (phones saw only the top level, issue
 * 15). `onFollow` runs when a link is followed.
 */
export function ClassMenu({ onFollow }: { onFollow?: () => void }) {
  const intl = useIntl();
  const name = (item: TwoNames) => localName(item, intl.locale);
  // English names run longer ("Kitchen Appliances"): a wider heading column keeps them on one line
  const headingWidth = intl.locale === 'en' ? 'w-24 lg:w-40' : 'w-24';
  const classes = useCommon().data?.classes ?? [];
  const [shown, setShown] = useState<number | null>(null);
  return (
    <ul onClick={(e) => (e.target as Element).closest('a') && onFollow?.()} className="bg-slate-800 py-1 text-sm text-white lg:min-h-full">
      {classes.map((top) => (
        <li key={top.id} className="group">
          <div className="flex hover:bg-slate-700 group-hover:bg-slate-700 group-focus-within:bg-slate-700">
            <Link href={searchHref({ pid: top.id, class_id: leafIds(top) })} className="focus-ring block flex-1 px-4 py-2">
              {name(top)}
            </Link>
            {!!top.children?.length && (
              <button
                type="button"
                aria-expanded={shown === top.id}
                aria-controls={`class-sub-${top.id}`}
                aria-label={intl.formatMessage({ id: 'shop.home.subclasses' }, { name: name(top) })}
                onClick={() => setShown((id) => (id === top.id ? null : top.id))}
                className="focus-ring w-11 shrink-0 text-base lg:hidden"
              >
                <span aria-hidden="true">{shown === top.id ? '▾' : '▸'}</span>
              </button>
            )}
          </div>
          {!!top.children?.length && (
            <div
              id={`class-sub-${top.id}`}
              className={`${shown === top.id ? 'block' : 'hidden'} bg-white p-4 text-slate-900 shadow-lg lg:group-focus-within:block lg:group-hover:block lg:absolute lg:top-0 lg:left-full lg:z-30 lg:min-h-full lg:w-[760px] lg:max-w-[calc(100vw-220px)]`}
            >
              {top.children.map((second) => (
                <div key={second.id} className="flex flex-wrap gap-x-4 gap-y-1 border-b border-slate-100 py-2 last:border-0">
                  <Link href={searchHref({ pid: top.id, sid: second.id, class_id: leafIds(second) })} className={`focus-ring ${headingWidth} shrink-0 rounded font-semibold hover:text-brand`}>
                    {name(second)}
                  </Link>
                  <ul className="flex flex-1 flex-wrap gap-x-3 gap-y-1">
                    {second.children?.map((third) => (
                      <li key={third.id}>
                        <Link href={searchHref({ pid: top.id, sid: second.id, tid: third.id, class_id: [third.id] })} className="focus-ring rounded text-slate-700 hover:text-brand">
                          {name(third)}
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
  );
}
