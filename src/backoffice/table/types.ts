/**
 * Page configuration of the generic back-office table page (spec §2 "Generic admin table page",
 * §5, §6 button defaults, §7 generic table calls; reference screens.md §2.1–2.5, bugs of §6.2
 * fixed). A page module under src/backoffice/views/** is a configuration of this type:
 *
 * ```tsx
 * // src/backoffice/views/Admin/exts/expresses/index.tsx
 * import { definePage } from '../../../../table/definePage';
 *
 * export default definePage({
 *   columns: [
 *     { label: 'page.expresses.name', value: 'name' },
 *     { label: 'page.expresses.code', value: 'code' },
 *     { label: 'table.createdAt', value: 'created_at' },
 *   ],
 *   search: [{ label: 'page.expresses.name', value: 'name', where: 'like' }],
 *   form: {
 *     add: [{ label: 'page.expresses.name', value: 'name' }, { label: 'page.expresses.code', value: 'code' }],
 *     edit: [{ label: 'page.expresses.name', value: 'name' }, { label: 'page.expresses.code', value: 'code' }],
 *     rules: { name: [{ required: true }, { maxLength: 10 }], code: [{ required: true }] },
 *   },
 *   buttons: { import: true },
 * });
 * ```
 *
 * Text: every `label`, `placeholder`, `activeText`, `message`… is a react-intl **locale key**
 * (locales/zh-cn.json and locales/en.json, same keys in both; page keys as `page.<resource>.<field>`).
 * Generic keys exist for common columns: table.id, table.createdAt, table.updatedAt,
 * table.name, table.status, table.sort, table.remark.
 *
 * Defaults: `url` = the current route path (e.g. `/Admin/expresses`, sent as `/api/Admin/expresses`),
 * area = the back office the view is rendered in, id column `id`, page size 30 (30/100/200/300/400).
 */
import type { ReactNode } from 'react';
import type { DictItem, FieldRule, Query, Row, RowId, SearchOp, Values } from '../../../machines/table';
import type { UploadOption } from '../../../machines/upload.machine';

export type { DictItem, FieldRule, Query, Row, RowId, SearchOp, Values };

/** A react-intl message id. */
export type LocaleKey = string;

/** Static dictionaries by name: `{ status: [{label:'dict.on', value:1}, …] }`. Labels are shown as given
 * unless `translate` is set on the column/field (then each label is a locale key). */
export type DictData = Record<string, DictItem[]>;

// ---------------------------------------------------------------------------------------------
// Dictionaries

/** How a dictionary is looked up (defaults `label` / `value`). */
export interface DictRef {
  /** Dictionary name in the page's dictionaries; default: the column / field `value`. */
  dict?: string;
  /** Key of the caption in each item (default 'label'). */
  labelName?: string;
  /** Key of the value in each item (default 'value'). */
  valueName?: string;
  /** The captions are locale keys (static dictionaries such as yes/no). */
  translate?: boolean;
}

/**
 * A dictionary fetched from a URL (GET, `{area prefix}` added like the list URL, e.g.
 * `/Admin/roles`). Fetched once when the page opens — except `selectByColumnIds`, fetched after
 * every page load with `id=<distinct non-zero ids of the page>|in&isAll=1`.
 */
export interface DictSource {
  /** Dictionary name (what columns / fields refer to). */
  name: string;
  url: string;
  /** The answer is a paginator: take its `data`. */
  isPageDict?: boolean;
  /** Look up only the ids the current page shows: true = collect `row[name]`, a string = collect `row[thatColumn]`. */
  selectByColumnIds?: boolean | string;
  /** An item put first (e.g. `{ label: 'table.topLevel', value: 0 }`, label translated). */
  addSelect?: DictItem;
  /** Map each fetched item to `{label, value, children}` from these keys (default: keep items as they are). */
  labelName?: string;
  valueName?: string;
  /**
   * The items are named in two languages (`ename` beside the caption, as goods classes): each
   * caption is the name in the interface's language (machines/localName.ts), again on a
   * language switch.
   */
  twoNames?: boolean;
  /** Extra query (default `{ isAll: 1 }` unless isPageDict). */
  params?: Query;
}

// ---------------------------------------------------------------------------------------------
// Columns

export type ColumnType =
  | 'text' | 'image' | 'avatar' | 'tags' | 'tags_array' | 'icon_tags' | 'dict' | 'dict_tags' | 'money' | 'datetime' | 'custom';

export interface Column extends DictRef {
  /** Header (locale key). */
  label: LocaleKey;
  /** Row field. */
  value: string;
  /** Default 'text'. */
  type?: ColumnType;
  /**
   * The row field holding the English name of `value` (a goods class's or brand's `class_ename`):
   * in English the cell and the export show it where there is one, else `value`
   * (machines/localName.ts).
   */
  ename?: string;
  /**
   * Pixels; `created_at` and date-times default to 165. The width the column takes when there is
   * room: short of room (at 1280 px a page of many columns) a text column shrinks to its floor
   * (`minWidth`) and wraps to two lines, the whole text on hover. Images keep their width.
   */
  width?: number;
  /**
   * The least width of a column with a `width`: default its caption's longest word and at least
   * 64 px for text (100 px for date-times, which wrap the time under the date); a `custom` cell
   * (switches, buttons) keeps its `width` unless it sets one. Set it for content that must stay
   * on one line (order numbers, state tags).
   */
  minWidth?: number;
  /** Cut long text with an ellipsis (full text in the title attribute). Default true. */
  overflow?: boolean;
  /** dict_tags: colour 1/true/Yes green and 0/false/No red, else a stable hash colour. */
  tagType?: boolean;
  /** `custom`: the cell. */
  render?: (row: Row, ctx: CellContext) => ReactNode;
  /** Leave the column out of the export (default: exported unless `custom`; `false` exports a custom column's raw value). */
  noExport?: boolean;
  /** money: a balance (an amount, not a change): shown without '+' and colour. */
  balance?: boolean;
  /** Hidden until the operator shows it with the toolbar's Columns menu (the choice is remembered per page). */
  hidden?: boolean;
}

export interface CellContext {
  dicts: DictData;
  area: BackofficeArea;
}

// ---------------------------------------------------------------------------------------------
// Form fields (add / edit forms and the search bar)

export type FieldType =
  | 'text' | 'password' | 'textarea' | 'number' | 'select' | 'radio' | 'checkbox' | 'switch'
  | 'cascader' | 'date' | 'datetime' | 'daterange' | 'image' | 'avatar' | 'images' | 'file'
  | 'editor' | 'icon' | 'table_select' | 'custom';

export interface FieldBase extends DictRef {
  /** Caption (locale key). */
  label: LocaleKey;
  /** Value field name. */
  value: string;
  /** Default 'text'. */
  type?: FieldType;
  /** Locale key; default the label. */
  placeholder?: LocaleKey;
  /** Locale key shown under the field. */
  hint?: LocaleKey;
  /** Grid span of 24 (default 24 in dialogs: one field per line; 12 = two per line). */
  span?: number;
  disabled?: boolean;
  /** Edit form: show another field's current value as the placeholder (reference `relation`). */
  relation?: string;

  // text / password / textarea
  /** textarea: character limit with counter (default 15, spec §5); text: maxlength attribute. */
  maxLength?: number;
  rows?: number;

  // number
  min?: number;
  max?: number;
  step?: number;

  // select / radio / checkbox / cascader options
  /** Inline options (instead of a page dictionary). */
  options?: DictItem[];
  /** The options are plain strings (value = caption). */
  oneArray?: boolean;
  /** select / cascader: many values (array). */
  multiple?: boolean;
  /** select: type to filter the options. */
  filterable?: boolean;

  // switch
  /** Locale keys of the inline texts (default 是 / 否). */
  activeText?: LocaleKey;
  inactiveText?: LocaleKey;
  /** Stored values (default 1 / 0). */
  activeValue?: unknown;
  inactiveValue?: unknown;

  // cascader
  /** Any level may be chosen, not only leaves. */
  checkStrictly?: boolean;
  /** Store the whole path (array, default) or only the last value. */
  emitPath?: boolean;
  /**
   * Edit form of a tree page's parent picker: leave out the edited row and every row below it
   * (options from a page dictionary: select / cascader), which could not be its parent.
   */
  excludeEdited?: boolean;
  /** With `excludeEdited`: the tree has at most this many levels; only parents the row, with its own subtree, fits under are offered. */
  levels?: number;
  /** Lazy cascader: GET `lazyUrl` with `pid` (0 for the root, then the node's `lazyKey` value). */
  lazyUrl?: string;
  /** Column of a node sent as the children's pid: 'id' (default) or 'code' (areas). */
  lazyKey?: string;
  /** Lazy cascader: choices before the loaded first level (`label` a locale key), e.g. the top level. */
  lazyRoots?: DictItem[];
  /**
   * Lazy cascader storing the last value only (emitPath false): the value path down to a value,
   * so the levels along it load and its caption shows (areas: the code's 2-digit prefixes).
   */
  lazyPath?: (value: unknown) => unknown[];

  // uploads (image, avatar, images, file, editor images)
  /** Server folder (`name` of the upload); default the field name ('editor' for the editor). */
  folder?: string;
  /** Resize / thumbs (`option` of the upload). */
  option?: UploadOption;
  /** images: at most this many (default 10). */
  maxFiles?: number;

  // editor
  /** Outer height in px (default 385; the editing area 300). */
  height?: number;

  // table_select (record picker)
  /** List URL of the picker's table (required for table_select). */
  pageUrl?: string;
  /** Picker columns. */
  columns?: Column[];
  /** Picker search fields. */
  searchFields?: SearchField[];
  /** Fixed query of the picker's list. */
  params?: Query;
  /** Row field shown as the chosen name (default first of name, goods_name, nickname). */
  showName?: string;
  /** Many records: value = comma-joined ids. */
  many?: boolean;
  /** Edit form: the record field holding the chosen name(s) already (e.g. 'store_name'). */
  nameField?: string;
  /** Picker dialog width (CSS, default '60vw'). */
  width?: string;

  // custom
  render?: (props: CustomFieldProps) => ReactNode;
}

export type FormField = FieldBase;

export interface CustomFieldProps {
  value: unknown;
  onChange: (value: unknown) => void;
  values: Values;
  setValue: (field: string, value: unknown) => void;
  mode: 'add' | 'edit' | 'search';
  error?: string;
  id: string;
  describedBy?: string;
  dicts: DictData;
}

/** A search field: a form field plus its list-DSL operator (sent as `value|where`). */
export interface SearchField extends FieldBase {
  where?: SearchOp;
}

// ---------------------------------------------------------------------------------------------
// View dialog

export type ViewType = 'text' | 'tag' | 'html' | 'tags_array' | 'dict' | 'dict_tags' | 'image' | 'images' | 'money' | 'custom';

export interface ViewField extends DictRef {
  label: LocaleKey;
  value: string;
  /** Default 'text' (every field renders — the reference showed nothing for select, textarea…). */
  viewType?: ViewType;
  render?: (row: Row, ctx: CellContext) => ReactNode;
}

// ---------------------------------------------------------------------------------------------
// Buttons and hooks

export type ButtonKey = 'store' | 'search' | 'import' | 'export' | 'destroy' | 'show' | 'update' | 'deletes';

/** true / false, or `{show, disabled}`. */
export type ButtonSetting = boolean | { show?: boolean; disabled?: boolean };

/**
 * Defaults (spec §6): store (add), update (row edit), deletes (row delete), search, export, show
 * (row view) shown; destroy (toolbar batch delete) and import hidden.
 */
export type ButtonConfig = Partial<Record<ButtonKey, ButtonSetting>>;

/** What custom buttons and hooks can do with the page. */
export interface TableApi {
  reload(): void;
  /** Selected ids and rows of the current page. */
  selection(): RowId[];
  selectedRows(): Row[];
  /** Loaded rows of the current page. */
  rows(): Row[];
  openAdd(values?: Values): void;
  openEdit(id: RowId): void;
  openView(id: RowId): void;
  /** The query of the current search (params included). */
  query(): Query;
  area: BackofficeArea;
  /** `/api`-relative list URL with the area prefix (e.g. `/Admin/expresses`). */
  url: string;
}

export interface CustomButton {
  /** Locale key. */
  label: LocaleKey;
  variant?: 'office' | 'secondary' | 'danger' | 'ghost';
  /** Hide it for some rows (row actions) — default shown. */
  show?: (row: Row) => boolean;
}

export interface RowAction extends CustomButton {
  onClick: (row: Row, api: TableApi) => void;
  /** The admin route action it needs (`update`, `money.handle`: `admin.<resource>.<action>`; or a whole name `admin.advs.store`): hidden when the role lacks it. */
  permission?: string;
}

export interface ToolbarButton extends Omit<CustomButton, 'show'> {
  onClick: (api: TableApi) => void;
  /** As RowAction.permission: hidden when the role lacks it. */
  permission?: string;
  /** Right side of the toolbar (default left). */
  right?: boolean;
}

export interface FormConfig {
  add: FormField[];
  edit: FormField[];
  view?: ViewField[];
  /** Shared by add and edit; checked before any request. */
  rules?: Record<string, FieldRule | FieldRule[]>;
  /** Dialog width (CSS, default 'min(760px, 92vw)'). */
  width?: string;
  /** Initial add values (e.g. `{ is_type: 0, role_id: [] }`). */
  defaults?: Values;
  /** Fetched record → edit form values (default: the edit fields' values as fetched). */
  toForm?: (row: Row) => Values;
  /** Form values → what is sent (POST / PUT), e.g. to join arrays. */
  beforeSubmit?: (values: Values, mode: 'add' | 'edit') => Values;
  /** What the row's edit button and the edit dialog are called when editing is one job (a store replies to a review): default Edit. */
  editLabels?: { button: LocaleKey; title: LocaleKey };
  /**
   * The add and edit dialogs are really pages (a long form, a rich text): each at its own address,
   * `{url}/form` and `{url}/form/{id}` (listed in src/backoffice/subPages.ts FORM_PAGES; the page's
   * `url` is required), and leaving with unsaved changes asks first.
   */
  page?: boolean;
}

// ---------------------------------------------------------------------------------------------
// The page

/** 0 admin, 1 seller. */
export type BackofficeArea = 0 | 1;

export interface TreeConfig {
  /** Column whose value is the children's pid: 'id' (default) or 'code' (areas). */
  pid?: 'id' | 'code';
  /** Field of a saved record holding its parent (default 'pid'). */
  lazyPid?: string;
}

export interface PageConfig {
  /** List URL without /api, area prefix included (default: the current route path). */
  url?: string;
  /** Live notice kinds (src/app/liveNotices.ts) after which the list reloads: a new paid order, an after-sale request… */
  refreshOn?: readonly string[];
  /** Default: the back office the view is rendered in. */
  area?: BackofficeArea;
  columns: Column[];
  search?: SearchField[];
  form?: FormConfig;
  /** Fetched dictionaries. */
  dicts?: DictSource[];
  /** Static dictionaries (also the target of fetched ones). */
  dictData?: DictData;
  buttons?: ButtonConfig;
  /** Lazy tree rows (children by pid on expand). */
  tree?: TreeConfig;
  /** Row id column (default 'id'). */
  idKey?: string;
  /** Fixed query sent with every list query (isWith, fixed filters…). */
  params?: Query;
  /** Export columns (default: the columns without `noExport` / custom). */
  exportColumns?: Column[];
  /** Extra row buttons (before delete). */
  rowActions?: RowAction[];
  /** Extra toolbar buttons. */
  toolbar?: ToolbarButton[];
  /** Hide the action column. */
  noActions?: boolean;
  /** Hide the paginator (and load everything: isAll). */
  noPagination?: boolean;
  /**
   * External-data mode: the list is the part `listKey` of what `url` answers (an analysis route
   * answers `{plot, list}`; the page draws the rest), for its pages, searches and export alike.
   * The page re-keys the TablePage when the answer's other parameters (`params`) change.
   */
  listKey?: string;
  /** Content between the toolbar and the table. */
  top?: (api: TableApi) => ReactNode;
  /** Content under the view dialog's fields. */
  viewBottom?: (row: Row) => ReactNode;
}
