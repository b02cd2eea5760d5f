import { useEffect, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { AreaIndex } from '../../../machines/areas';
import type { DictItem, Row } from '../../../machines/table';
import { t } from '../../app/i18n';
import { getJson } from './api';
import { collectIds, dictItems, dictQuery, idColumnOf, localizeDict } from './dicts';
import type { DictData, DictSource } from './types';

function withAddSelect(items: DictItem[], source: DictSource): DictItem[] {
  if (!source.addSelect) return items;
  const label = source.addSelect.label;
  return [{ ...source.addSelect, label: typeof label === 'string' ? t(label) : label }, ...items];
}

async function fetchDict(area: AreaIndex, source: DictSource, ids?: string[]): Promise<DictItem[]> {
  try {
    const items = dictItems(await getJson(area, source.url, dictQuery(source, ids)), source);
    return withAddSelect(items ?? [], source);
  } catch (error) {
    console.warn('[souk] dictionary', source.name, error);
    return withAddSelect([], source);
  }
}

/**
 * The page's dictionaries: static `dictData`, URL dictionaries fetched once when the page opens,
 * and id lookups fetched again whenever the shown rows change; `twoNames` ones captioned in the
 * interface's language.
 */
export function usePageDicts(area: AreaIndex, sources: readonly DictSource[] | undefined, staticData: DictData | undefined, rows: readonly Row[]): DictData {
  const [once, setOnce] = useState<DictData>({});
  const [byIds, setByIds] = useState<DictData>({});
  const list = sources ?? [];
  const onceSources = list.filter((s) => !s.selectByColumnIds);
  const idSources = list.filter((s) => s.selectByColumnIds);
  const sourcesRef = useRef({ onceSources, idSources });
  sourcesRef.current = { onceSources, idSources };

  useEffect(() => {
    let live = true;
    const { onceSources: wanted } = sourcesRef.current;
    Promise.all(wanted.map(async (s) => [s.name, await fetchDict(area, s)] as const)).then((entries) => {
      if (live) setOnce(Object.fromEntries(entries));
    });
    return () => {
      live = false;
    };
  }, [area]);

  const idKey = idSources.map((s) => `${s.name}:${collectIds(rows, idColumnOf(s)).join(',')}`).join('|');
  useEffect(() => {
    let live = true;
    const { idSources: wanted } = sourcesRef.current;
    if (wanted.length === 0) return;
    Promise.all(
      wanted.map(async (s) => {
        const ids = collectIds(rows, idColumnOf(s));
        return [s.name, ids.length ? await fetchDict(area, s, ids) : withAddSelect([], s)] as const;
      }),
    ).then((entries) => {
      if (live) setByIds(Object.fromEntries(entries));
    });
    return () => {
      live = false;
    };
    // rows are read through idKey: a reload of the same ids asks nothing new.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [area, idKey]);

  // dictionaries named in two languages follow the interface's language (fetched once, captioned per language)
  const { locale } = useIntl();
  const twoNames = list.filter((s) => s.twoNames).map((s) => s.name).join('|');
  return useMemo(() => {
    const all: DictData = { ...(staticData ?? {}), ...once, ...byIds };
    for (const name of twoNames ? twoNames.split('|') : []) if (all[name]) all[name] = localizeDict(all[name], locale);
    return all;
  }, [staticData, once, byIds, twoNames, locale]);
}
