import { measureElement, useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { TreeLine } from '../../../machines/lazyTree';
import type { Row, RowId } from '../../../machines/table';
import { Checkbox } from '../../ui/Checkbox';
import { Empty } from '../../ui/Empty';
import { Spinner } from '../../ui/Spinner';
import { boxed, Cell, cellValue, columnTrack, textOf } from './cells';
import type { CellContext, Column } from './types';

/**
 * Least row heights (44 px, 64 px when a column shows 50×50 images) and the estimate before a
 * row is measured: rows grow to fit what they hold (wrapped names, several lines of tags).
 */
export const ROW_HEIGHT = 44;
export const IMAGE_ROW_HEIGHT = 64;
const SELECT_WIDTH = 44;
const INDENT = 20;

export interface GridProps {
  columns: Column[];
  lines: TreeLine[];
  idKey: string;
  ctx: CellContext;
  selection: RowId[];
  onSelect: (ids: RowId[]) => void;
  selectable: boolean;
  tree: boolean;
  onToggle?: (line: TreeLine) => void;
  /** The action cell of a row (null: no action column). */
  actions: ((row: Row) => ReactNode) | null;
  /**
   * The action buttons a row may show, as shown (translated captions, in order), and which of
   * them a row shows: the action column is as wide as the widest row's buttons, measured.
   */
  actionLabels: readonly string[];
  actionShown: (row: Row) => readonly boolean[];
  /** Width used until the captions are measured (and where nothing can be measured). */
  actionFallbackWidth: number;
  loading: boolean;
  failed: string | null;
}

/** Caption used to name a row for assistive tech (its name-like field, else its id). */
export function rowName(row: Row, idKey: string): string {
  for (const key of ['name', 'goods_name', 'nickname', 'title', 'username']) {
    const v = row[key];
    if (typeof v === 'string' && v) return v;
  }
  return textOf(row[idKey]);
}

/**
 * The action column stays in view while the other columns scroll under it (a shadow marks the
 * edge); on phones it scrolls with them, or it would cover the whole table.
 */
const pinnedClass = 'md:sticky md:right-0 md:shadow-[-6px_0_6px_-6px_rgba(15,23,42,0.2)]';

/** A row action button (the measuring strip uses the same box, so their widths are the same). */
export const ACTION_BUTTON_CLASS =
  'focus-ring shrink-0 whitespace-nowrap rounded px-1.5 py-0.5 text-sm hover:underline disabled:cursor-not-allowed disabled:text-slate-400';
/** Horizontal padding of a cell (px-2) and the gap between action buttons (gap-1). */
const CELL_PADDING = 16;
const ACTION_GAP = 4;

/**
 * Row buttons per line: more wrap to a second line (rows grow), so the pinned column stays narrow.
 * A page short of room puts one button a line (actionColumnFit), so the action column covers no
 * cell and the other columns keep some of their width.
 */
export const ACTIONS_PER_LINE = 2;

/**
 * Width of the action column: the widest line of the widest row's buttons (their measured widths,
 * at most ACTIONS_PER_LINE a line, the gaps between them and the cell's padding), never narrower
 * than the header's caption. Rows virtualise and each is its own grid on one shared template, so
 * the width is computed for every loaded row from the measurements, not read from the rows on
 * screen (which would change while scrolling).
 */
export function actionColumnPx(widths: readonly number[], header: number, shown: readonly (readonly boolean[])[], perLine = ACTIONS_PER_LINE): number {
  let widest = header;
  for (const flags of shown) {
    const on = flags.flatMap((flag, i) => (flag ? [widths[i] ?? 0] : []));
    for (let i = 0; i < on.length; i += perLine) {
      const line = on.slice(i, i + perLine);
      widest = Math.max(widest, line.reduce((a, b) => a + b, 0) + ACTION_GAP * (line.length - 1));
    }
  }
  return Math.ceil(widest + CELL_PADDING + 2);
}

/**
 * The action column's width in a table box `room` px wide (0: unknown) beside columns that take at
 * least `dataMin` px and want `dataWant` px: ACTIONS_PER_LINE buttons a line, unless that leaves
 * the other columns less than half of the room they want past their least widths (or less than
 * their least widths: the column would cover them); then one a line, when that is narrower.
 */
export function actionColumnFit(widths: readonly number[], header: number, shown: readonly (readonly boolean[])[], room: number, dataMin: number, dataWant: number): number {
  const wide = actionColumnPx(widths, header, shown);
  if (room <= 0 || room - wide >= dataMin + (dataWant - dataMin) / 2) return wide;
  return Math.min(wide, actionColumnPx(widths, header, shown, 1));
}

/**
 * The rows: a fixed-height scroll area rendering only the visible rows (@tanstack/react-virtual),
 * sticky header, selection column, tree toggles with indentation, action column.
 */
export function Grid(props: GridProps) {
  const { columns, lines, idKey, ctx, selection, onSelect, selectable, tree, onToggle, actions, actionLabels, actionShown, actionFallbackWidth, loading, failed } = props;
  const intl = useIntl();
  const scrollRef = useRef<HTMLDivElement>(null);
  const stripRef = useRef<HTMLDivElement>(null);
  const headerCaption = intl.formatMessage({ id: 'table.actions' });

  // The captions measured once per set of captions (a page, a language): button widths and the header's.
  const captionsKey = actions ? [headerCaption, ...actionLabels].join('\u0000') : '';
  const [measured, setMeasured] = useState<{ key: string; widths: number[]; header: number } | null>(null);
  useLayoutEffect(() => {
    const strip = stripRef.current;
    if (!captionsKey || !strip) return;
    const [header, ...buttons] = [...strip.children].map((el) => el.getBoundingClientRect().width);
    // Nothing laid out (no layout engine, a hidden page): keep the estimate.
    if (!(header > 0) || buttons.some((w) => !(w > 0))) return;
    setMeasured({ key: captionsKey, widths: buttons, header });
  }, [captionsKey]);
  // The width of the table's box (0 until known): a page short of room puts one row button a line.
  const [room, setRoom] = useState(0);
  useLayoutEffect(() => {
    const box = scrollRef.current;
    if (!box) return;
    setRoom(box.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setRoom(box.clientWidth));
    observer.observe(box);
    return () => observer.disconnect();
  }, []);
  const tracks = useMemo(() => columns.map((c) => columnTrack(c, intl.formatMessage({ id: c.label }))), [columns, intl]);
  const dataMin = (selectable ? SELECT_WIDTH : 0) + tracks.reduce((sum, t) => sum + t.min, 0);
  const dataWant = (selectable ? SELECT_WIDTH : 0) + tracks.reduce((sum, t) => sum + t.want, 0);
  const fitted = useMemo(() => {
    if (!actions || !measured || measured.key !== captionsKey) return null;
    const shown = lines.map((line) => actionShown(line.row));
    return actionColumnFit(measured.widths, measured.header, shown, room, dataMin, dataWant);
  }, [actions, measured, captionsKey, lines, actionShown, room, dataMin, dataWant]);
  const actionWidth = fitted ?? actionFallbackWidth;
  const rowHeight = columns.some((c) => c.type === 'image' || c.type === 'avatar') ? IMAGE_ROW_HEIGHT : ROW_HEIGHT;
  const virtualizer = useVirtualizer({
    count: lines.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    // Rows are measured as drawn (a ResizeObserver follows them); nothing laid out (a hidden page,
    // no layout engine) measures 0: keep the estimate then.
    measureElement: (element, entry, instance) => {
      const size = measureElement(element, entry, instance);
      return size > 0 ? size : rowHeight;
    },
    getItemKey: (index) => `${String(lines[index]?.row[idKey])}-${index}`,
    overscan: 3,
    initialRect: { width: 1200, height: 560 },
  });

  // Scrolling re-renders this component every frame: everything derived from the rows, the
  // columns or the selection is computed once per change of those, never per frame.
  const rowStyle = useMemo<CSSProperties>(() => {
    const template = [selectable ? `${SELECT_WIDTH}px` : null, ...tracks.map((t) => t.track), actions ? `${actionWidth}px` : null].filter(Boolean).join(' ');
    return { display: 'grid', gridTemplateColumns: template, minWidth: dataMin + (actions ? actionWidth : 0) };
  }, [tracks, dataMin, selectable, actions, actionWidth]);

  const selected = useMemo(() => new Set(selection.map(String)), [selection]);
  const pageIds = useMemo(
    () => lines.map((l) => l.row[idKey]).filter((id): id is RowId => typeof id === 'string' || typeof id === 'number'),
    [lines, idKey],
  );
  const { allChecked, someChecked } = useMemo(() => {
    let checkedOnPage = 0;
    for (const id of pageIds) if (selected.has(String(id))) checkedOnPage++;
    return { allChecked: pageIds.length > 0 && checkedOnPage === pageIds.length, someChecked: checkedOnPage > 0 };
  }, [pageIds, selected]);
  const toggleRow = useCallback(
    (id: RowId, on: boolean) => onSelect(on ? [...selection.filter((s) => String(s) !== String(id)), id] : selection.filter((s) => String(s) !== String(id))),
    [onSelect, selection],
  );

  return (
    <div
      ref={scrollRef}
      data-testid="table-scroll"
      className="relative h-[calc(100vh-340px)] min-h-[320px] overflow-auto rounded border border-slate-200 bg-white"
    >
      {actions && (
        // The captions as they are drawn, out of sight: their widths size the action column.
        <div ref={stripRef} aria-hidden="true" className="pointer-events-none invisible absolute top-0 left-0 flex h-0 w-max overflow-hidden">
          <span className="shrink-0 text-sm font-semibold whitespace-nowrap">{headerCaption}</span>
          {actionLabels.map((label, i) => (
            <span key={i} className={ACTION_BUTTON_CLASS}>
              {label}
            </span>
          ))}
        </div>
      )}
      <div role="table" aria-rowcount={lines.length + 1} aria-busy={loading || undefined} style={{ minWidth: rowStyle.minWidth }}>
        <div role="rowgroup" className="sticky top-0 z-10 bg-slate-50">
          <div role="row" aria-rowindex={1} style={{ ...rowStyle, height: ROW_HEIGHT }} className="border-b border-slate-200">
            {selectable && (
              <div role="columnheader" className={`${cellClass} justify-center`}>
                <Checkbox
                  checked={allChecked}
                  indeterminate={someChecked}
                  disabled={pageIds.length === 0}
                  aria-label={intl.formatMessage({ id: 'table.selectAll' })}
                  onChange={(on) => onSelect(on ? [...new Set([...selection, ...pageIds])] : selection.filter((s) => !pageIds.some((id) => String(id) === String(s))))}
                />
              </div>
            )}
            {columns.map((c) => (
              <div key={c.value} role="columnheader" className={`${cellClass} font-semibold text-slate-900`}>
                <span className="line-clamp-2 break-words" title={intl.formatMessage({ id: c.label })}>
                  {intl.formatMessage({ id: c.label })}
                </span>
              </div>
            ))}
            {actions && (
              <div role="columnheader" className={`${cellClass} ${pinnedClass} bg-slate-50 font-semibold text-slate-900`}>
                <FormattedMessage id="table.actions" />
              </div>
            )}
          </div>
        </div>
        <div role="rowgroup" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const line = lines[item.index];
            const id = line.row[idKey] as RowId;
            return (
              <GridRow
                key={`${String(id)}-${item.index}`}
                line={line}
                index={item.index}
                start={item.start}
                checked={selected.has(String(id))}
                idKey={idKey}
                rowStyle={rowStyle}
                rowHeight={rowHeight}
                measure={virtualizer.measureElement}
                selectable={selectable}
                columns={columns}
                tree={tree}
                ctx={ctx}
                actions={actions}
                onToggleRow={toggleRow}
                onToggle={onToggle}
              />
            );
          })}
        </div>
        {!loading && lines.length === 0 && (failed ? <p role="alert" className="py-10 text-center text-sm text-red-700">{failed}</p> : <Empty />)}
        {loading && lines.length === 0 && (
          <div className="flex justify-center py-10 text-slate-500">
            <Spinner />
          </div>
        )}
      </div>
    </div>
  );
}

interface GridRowProps {
  line: TreeLine;
  index: number;
  start: number;
  checked: boolean;
  idKey: string;
  rowStyle: CSSProperties;
  rowHeight: number;
  /** The virtualiser's measuring ref: each row reports its drawn height. */
  measure: (node: HTMLElement | null) => void;
  selectable: boolean;
  columns: Column[];
  tree: boolean;
  ctx: CellContext;
  actions: GridProps['actions'];
  onToggleRow: (id: RowId, on: boolean) => void;
  onToggle?: GridProps['onToggle'];
}


const cellClass = 'flex min-w-0 items-center px-2 py-1 text-sm text-slate-800';

/**
 * One row. Memoised: while scrolling, rows that stay on screen keep identical props and are
 * not rendered again; only the rows entering the viewport are.
 */
const GridRow = memo(function GridRow({ line, index, start, checked, idKey, rowStyle, rowHeight, measure, selectable, columns, tree, ctx, actions, onToggleRow, onToggle }: GridRowProps) {
  const intl = useIntl();
  const row = line.row;
  const id = row[idKey] as RowId;
  const name = rowName(row, idKey);
  return (
    <div
      ref={measure}
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selectable ? checked : undefined}
      data-index={index}
      style={{ ...rowStyle, position: 'absolute', top: 0, left: 0, width: '100%', minHeight: rowHeight, transform: `translateY(${start}px)`, contain: 'layout style' }}
      className={`border-b border-slate-100 ${checked ? 'bg-blue-50' : 'bg-white hover:bg-slate-50'}`}
    >
      {selectable && (
        <div role="cell" className={`${cellClass} justify-center`}>
          <Checkbox checked={checked} onChange={(on) => onToggleRow(id, on)} aria-label={intl.formatMessage({ id: 'table.selectRow' }, { name })} />
        </div>
      )}
      {columns.map((c, ci) => (
        <div key={c.value} role="cell" className={cellClass} style={tree && ci === 0 ? { paddingLeft: 8 + line.depth * INDENT } : undefined}>
          {tree && ci === 0 && (
            <span className="mr-1 inline-flex w-5 shrink-0 justify-center">
              {line.loading ? (
                <Spinner size="sm" />
              ) : line.expandable ? (
                <button
                  type="button"
                  aria-expanded={line.expanded}
                  aria-label={intl.formatMessage({ id: line.expanded ? 'table.collapseRow' : 'table.expandRow' }, { name })}
                  onClick={() => onToggle?.(line)}
                  className="focus-ring rounded px-1 text-slate-700 hover:bg-slate-200"
                >
                  <span aria-hidden="true" className={`inline-block transition-transform ${line.expanded ? 'rotate-90' : ''}`}>
                    ▸
                  </span>
                </button>
              ) : null}
            </span>
          )}
          <span className={boxed(c) ? 'min-w-0' : 'line-clamp-2 min-w-0 break-words'} title={boxed(c) ? undefined : textOf(cellValue(c, row))}>
            <Cell column={c} row={row} ctx={ctx} />
          </span>
        </div>
      ))}
      {actions && (
        <div role="cell" className={`${cellClass} ${pinnedClass} flex-wrap content-center gap-1 ${checked ? 'bg-blue-50' : 'bg-white'}`}>
          {actions(row)}
        </div>
      )}
    </div>
  );
});
