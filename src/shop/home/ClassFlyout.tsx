import { Link } from 'wouter';
import { useCommon } from '../layout/commonStore';
import { leafIds, searchHref } from '../search/searchHref';

/**
 * The category flyout's list (screens §5.4, with the §6.3 item 27 fix: the top level filters by
 * its leaves), shown by the nav row (src/shop/layout/ShopNav.tsx): pinned beside the home page's
 * banner, a dropdown elsewhere. Hovering or focusing a row shows its second and third levels
 * (CSS :hover / :focus-within, so Tab walks into them). `onFollow` runs when a link is followed.
 */
export function ClassMenu({ onFollow }: { onFollow?: () => void }) {
  const classes = useCommon().data?.classes ?? [];
  return (
    <ul onClick={(e) => (e.target as Element).closest('a') && onFollow?.()} className="bg-slate-800 py-1 text-sm text-white lg:min-h-full">
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
  );
}
