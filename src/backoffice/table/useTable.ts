/**
 * Binds the `table` machine (and `lazyTree` for tree pages) to the page's calls, toasts,
 * export / import and dictionaries through `.provide()` (spec §2 "Generic admin table page").
 */
import { formRules } from './formRules';
import { useMachine } from '@xstate/react';
import { useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import { lazyTreeMachine, type FetchChildrenInput } from '../../../machines/lazyTree.machine';
import {
  hasErrors, isFailureAnswer, readPage, validate, type FieldRule, type Row, type Rules, type SheetRead, type TableForm, type Values,
} from '../../../machines/table';
import {
  tableMachine,
  type CreateRowInput, type DeleteRowsInput, type ExportRowsInput, type FetchPageInput, type FetchRowInput,
  type ImportRowsInput, type ReadSheetInput, type UpdateRowInput,
} from '../../../machines/table.machine';
import { t } from '../../app/i18n';
import { getInspect } from '../../app/inspectHook';
import { toast } from '../../ui/toast';
import { getJson, tableCalls } from './api';
import { collectIds, dictItems, dictQuery, idColumnOf } from './dicts';
import { buildSheet, downloadSheet, exportFileName, importColumns, readFirstSheet, sheetRows, type UnknownColumn } from './sheet';
import { everyLanguage } from './sheetLocales';
import { sheetColumns } from './sheetColumns';
import type { BackofficeArea, DictData, PageConfig } from './types';

/** Only the rules of fields the form sends (an edit form without `password` skips its rules). */
export function rulesFor(rules: Rules | null | undefined, values: Values): Rules {
  if (!rules) return {};
  return Object.fromEntries(Object.entries(rules).filter(([field]) => Object.hasOwn(values, field))) as Record<string, FieldRule | FieldRule[]>;
}

/** The field a failed save names (`data.field` of a 422), if any. */
export function failedField(answer: unknown): string | null {
  const data = answer && typeof answer === 'object' ? (answer as { data?: unknown }).data : null;
  const field = data && typeof data === 'object' ? (data as { field?: unknown }).field : null;
  return typeof field === 'string' && field ? field : null;
}

/**
 * A refused list query (422 naming a search parameter, `data.field`) told in the page's words: the
 * field's label (search field, else column) and what the server says is wrong with the value
 * (`data.issues[].message`), e.g. "Amount: must be a number" instead of "money must be a number".
 * Any other answer is returned as it is.
 */
export function labelledListFailure(answer: unknown, config: Pick<PageConfig, 'search' | 'columns'>, translate: (key: string, values?: Record<string, string>) => string): unknown {
  if (!isFailureAnswer(answer)) return answer;
  const field = failedField(answer);
  if (!field) return answer;
  const source = [...(config.search ?? []), ...config.columns].find((candidate) => candidate.value === field && candidate.label);
  const issues = (answer.data as { issues?: unknown }).issues;
  const issue = Array.isArray(issues) ? issues.find((i: unknown) => !!i && typeof i === 'object' && (i as { field?: unknown }).field === field) : undefined;
  const message = issue && typeof (issue as { message?: unknown }).message === 'string' ? (issue as { message: string }).message : '';
  if (!source?.label || !message) return answer;
  return { ...answer, msg: translate('table.searchInvalid', { label: translate(source.label), message }) };
}

/** Last element of a path value (a cascader stores the path to the parent). */
const lastOf = (value: unknown) => (Array.isArray(value) ? value[value.length - 1] : value);

export interface TableRefs {
  dicts: DictData;
  menuName: string;
  /** Field named by the last failed add / edit (422 `data.field`). */
  failedField: { add: string | null; edit: string | null };
}

/** Column letters of a 0-based index (A, B, …, Z, AA…), as a spreadsheet shows them. */
export function columnLetters(index: number): string {
  let out = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) out = String.fromCharCode(65 + ((n - 1) % 26)) + out;
  return out;
}

/** The refusal of a sheet with columns the page does not know, naming them. */
export function unknownColumnsFailure(unknown: readonly UnknownColumn[], translate: (key: string, values?: Record<string, string | number>) => string) {
  const names = unknown.map((u) => (u.caption ? `「${u.caption}」` : translate('table.importColumnAt', { column: columnLetters(u.column) })));
  return { msg: translate('table.importUnknownColumns', { count: unknown.length, columns: names.join(translate('table.listSeparator')) }) };
}

export function useTable(config: PageConfig, area: BackofficeArea, url: string) {
  const refs = useRef<TableRefs>({ dicts: {}, menuName: '', failedField: { add: null, edit: null } });
  const calls = useMemo(() => tableCalls(area, url), [area, url]);
  const treeSend = useRef<(event: { type: 'RELOAD.PARENT'; pid: string | number } | { type: 'RELOAD.AFTER_DELETE'; ids: (string | number)[] }) => void>(() => {});

  const machine = useMemo(() => {
    // external-data mode: the list is one part of another answer (an analysis route's `{plot, list}`)
    const listOf = (answer: unknown) =>
      config.listKey && answer && typeof answer === 'object' && !Array.isArray(answer) && !isFailureAnswer(answer) ? (answer as Row)[config.listKey] : answer;
    const submitValues = (values: Values, mode: 'add' | 'edit') => (config.form?.beforeSubmit ? config.form.beforeSubmit(values, mode) : values);
    const recordFailure = (mode: 'add' | 'edit', answer: unknown) => {
      refs.current.failedField[mode] = isFailureAnswer(answer) ? failedField(answer) : null;
      return answer;
    };
    return tableMachine.provide({
      actors: {
        fetchPage: fromPromise<unknown, FetchPageInput>(async ({ input }) =>
          labelledListFailure(
            listOf(await (config.noPagination && !input.lazy ? calls.all(input.query) : calls.list(input.page, input.perPage, input.query, input.lazy))),
            config,
            t,
          ),
        ),
        fetchRow: fromPromise<unknown, FetchRowInput>(({ input }) => calls.show(input.id)),
        createRow: fromPromise<unknown, CreateRowInput>(async ({ input }) => recordFailure('add', await calls.create(submitValues(input.values, 'add')))),
        updateRow: fromPromise<unknown, UpdateRowInput>(async ({ input }) => recordFailure('edit', await calls.update(input.id, submitValues(input.values, 'edit')))),
        deleteRows: fromPromise<unknown, DeleteRowsInput>(({ input }) => calls.destroy(input.ids)),
        exportRows: fromPromise<unknown, ExportRowsInput>(async ({ input }) => {
          let rows: Row[];
          if (input.mode === 'selected') rows = input.rows;
          else {
            const answer = listOf(await calls.all(input.query));
            if (isFailureAnswer(answer)) return answer;
            rows = readPage(answer)?.rows ?? [];
          }
          const dicts = { ...refs.current.dicts };
          // Id-lookup dictionaries hold the shown page's ids only: look up the exported rows' ids.
          for (const source of config.dicts ?? []) {
            if (!source.selectByColumnIds) continue;
            const ids = collectIds(rows, idColumnOf(source));
            if (ids.length) dicts[source.name] = dictItems(await getJson(area, source.url, dictQuery(source, ids)), source) ?? [];
          }
          const columns = sheetColumns(config);
          await downloadSheet(buildSheet(columns, rows, dicts, t), exportFileName(refs.current.menuName));
          return { exported: rows.length };
        }),
        readSheet: fromPromise<SheetRead, ReadSheetInput>(async ({ input }) => {
          // The reader's own messages are English only ("Doesn't look like an .xlsx file"): say it in the interface's language.
          const unreadable = () => {
            throw { msg: t('ux.sheet.unreadable') };
          };
          const [sheet, languages] = await Promise.all([readFirstSheet(input.file as unknown as Blob).catch(unreadable), everyLanguage()]);
          const columns = importColumns(sheetColumns(config), config.form?.add ?? [], languages);
          const { rows, lines, skipped, unknown } = sheetRows(sheet, columns, refs.current.dicts, languages);
          // A column the page does not know would be dropped without a word: the sheet is refused.
          if (unknown.length) throw unknownColumnsFailure(unknown, t);
          return { rows, lines, skipped };
        }),
        // The server reports rows by their index in what was sent: the machine maps them to sheet lines.
        importRows: fromPromise<unknown, ImportRowsInput>(({ input }) => calls.importRows(input.rows)),
      },
      actions: {
        notifySuccess: ({ context }, { operation }) => {
          if (operation === 'import' && context.lastImport?.ok) toast.success(t('table.imported', { count: context.lastImport.imported }));
          else if (operation !== 'export') toast.success(t('msg.success'));
        },
        notifyError: (_, { operation, message }) => {
          // add / edit show the message in their dialog; import in its report.
          if (operation === 'add' || operation === 'edit' || operation === 'import') return;
          toast.error(message || t('msg.fail'));
        },
        notifyWaitSetting: () => toast.info(t('msg.waitSetting')),
        notifySelectFirst: () => toast.error(t('msg.selectErr')),
        notifyEmptySheet: () => toast.error(t('table.emptySheet')),
        // The confirm box is drawn from the `delete.confirming` state.
        askConfirm: () => {},
        rowSaved: ({ context }, { mode, values, answer }) => {
          if (!config.tree) return;
          const key = config.tree.lazyPid ?? 'pid';
          const pids = new Set<string | number>();
          const add = (pid: unknown) => {
            const value = lastOf(pid);
            if ((typeof value === 'string' || typeof value === 'number') && String(value) !== '' && String(value) !== '0') pids.add(value);
          };
          add(values[key] ?? (answer && typeof answer === 'object' ? (answer as Row)[key] : undefined));
          if (mode === 'edit') add(context.dialogs.edit.row?.[key]);
          for (const pid of pids) treeSend.current({ type: 'RELOAD.PARENT', pid });
        },
        rowsDeleted: (_, { ids }) => {
          if (config.tree) treeSend.current({ type: 'RELOAD.AFTER_DELETE', ids });
        },
      },
      guards: {
        isValid: (_, params: { values: Values; rules: Rules | null; form: TableForm }) =>
          !hasErrors(validate(params.values, rulesFor(params.rules, params.values), params.form)),
      },
    });
    // The page configuration is a module constant: it never changes for a mounted page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [calls]);

  const [state, send, actorRef] = useMachine(machine, {
    input: {
      searchFields: config.search ?? [],
      lazy: !!config.tree,
      rules: formRules(config.form),
      params: config.params ?? {},
      idKey: config.idKey ?? 'id',
    },
    inspect: getInspect(),
  });

  const treeMachine = useMemo(
    () =>
      lazyTreeMachine.provide({
        actors: {
          fetchChildren: fromPromise<unknown, FetchChildrenInput>(({ input }) => calls.children(input.pid, { ...(config.params ?? {}) })),
        },
        actions: {
          notifyLoadError: (_, { message }) => toast.error(message || t('msg.fail')),
        },
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [calls],
  );
  const [tree, sendTree] = useMachine(treeMachine, {
    input: { idKey: config.idKey ?? 'id', childKey: config.tree?.pid ?? 'id' },
    inspect: getInspect(),
  });
  treeSend.current = sendTree;

  return { state, send, actorRef, tree, sendTree, refs, calls };
}
