/**
 * The goods editor (reference screens.md §4.5 admin goods form, §4.6 seller goods form; api.md
 * §6.11). Seller create: chooseClass → info → specs → saving; seller edit starts at `info` with
 * the class restored from the store's tree (fix of §6.4 #44: the reference reset class_id to 0);
 * admin edit (`admin: true`) has no class step and no attribute editing — it edits the existing
 * SKUs and adds goods_verify / is_master. Each step is validated before moving on; a 422 from the
 * server lands on the step holding the named field. Saving ends in `saved` (the page goes back
 * to its list: no page reload, fix of §6.1 #13).
 */
import { and, assign, fromPromise, setup } from 'xstate';
import { errorMessage } from './errors';
import {
  LOAD_FAILED_KEY, NOT_CHECK_KEY, SAVE_FAILED_KEY, CHOOSE_CLASS_KEY,
  addImages, appendAttrs, attrsOf, classEnames, classNames, emptyValues, goodsPayload, hasErrors, isClassComplete, pickClass,
  mergedAway, untickedAway, recordToValues, regenerateSkus, removeAttr, removeImage, restoreClass, serverErrors, setGoodsValue, setMaster, setSkuField,
  skuDefaultsOf, skuRowsOf, stepOfField, toggleSpec, validateInfo, validateSkus,
  type AttrItem, type ClassNode, type EditorErrors, type EditorMode, type GoodsPayload, type GoodsRecord,
  type GoodsValues, type SkuField, type SkuRow,
} from './goodsEditor';

export interface GoodsEditorInput {
  mode: EditorMode;
  /** Admin console: no class step, no attribute editing, goods_verify and is_master editable. */
  admin?: boolean;
  /** The goods edited (mode 'edit'). */
  id?: number | null;
}

export interface GoodsEditorContext {
  mode: EditorMode;
  admin: boolean;
  id: number | null;
  /** The store's class tree (seller). */
  classTree: ClassNode[];
  /** Chosen class ids, level 1 → 3. */
  classPath: number[];
  classNames: string[];
  /** English names beside classNames ('' where none): the views show each through machines/localName.ts. */
  classEnames: string[];
  /** class_id of the loaded goods (kept when the tree does not know it). */
  recordClassId: number;
  values: GoodsValues;
  /** The goods' attributes with their ticked specs. */
  attrList: AttrItem[];
  skuList: SkuRow[];
  /** The store's attributes offered by the "choose attributes" dialog. */
  attrOptions: AttrItem[];
  /** The attributes a change would leave, waiting in `specs.confirmDrop` for the seller's word. */
  pendingAttrs: AttrItem[] | null;
  /** The SKU rows that change would throw away, told in the question. */
  pendingDrop: SkuRow[];
  /** Why they go: combinations merge (an attribute removed) or a spec was unticked. */
  dropReason: 'merge' | 'untick';
  /** Why an admin refused the goods (refuse_info), shown while it stays refused. */
  refuseInfo: string;
  /** Seller edit: does a changed name, subtitle or detail send the goods back to review (`goods_review_on`)? */
  reviewOn: boolean;
  /** The values as loaded (edit), to tell whether the review would look again. */
  loadedValues: GoodsValues | null;
  /** The step `confirmReview` was asked from, and goes back to on cancel. */
  reviewFrom: 'info' | 'specs';
  errors: EditorErrors;
  /** A locale key or a server message. */
  error: string | null;
}

export type GoodsEditorEvent =
  | { type: 'RETRY' }
  | { type: 'BACK' }
  | { type: 'CLASS.PICK'; level: number; id: number }
  | { type: 'CLASS.EDIT' }
  | { type: 'NEXT' }
  | { type: 'PREV' }
  | { type: 'SAVE' }
  | { type: 'FIELD.SET'; field: keyof GoodsValues; value: unknown }
  | { type: 'IMAGES.ADD'; urls: string[] }
  | { type: 'IMAGE.MASTER'; url: string }
  | { type: 'IMAGE.REMOVE'; url: string }
  | { type: 'ATTRS.OPEN' }
  | { type: 'ATTRS.CONFIRM'; ids: number[] }
  | { type: 'ATTRS.CANCEL' }
  | { type: 'ATTR.REMOVE'; attrId: number }
  | { type: 'SPEC.TOGGLE'; attrId: number; specId: number }
  | { type: 'DROP.CONFIRM' }
  | { type: 'DROP.CANCEL' }
  | { type: 'REVIEW.CONFIRM' }
  | { type: 'REVIEW.CANCEL' }
  | { type: 'SKU.SET'; index: number; field: SkuField; value: string };

export interface LoadEditorInput {
  admin: boolean;
  id: number | null;
}

export interface LoadEditorOutput {
  /** The store's class tree (empty for the admin). */
  classTree: unknown;
  /** The goods (edit) or null (create). */
  record: GoodsRecord | null;
}

export interface SaveGoodsInput {
  admin: boolean;
  id: number | null;
  payload: GoodsPayload;
}

export interface GoodsEditorActionParams {
  /** Saved: toast and back to the list. */
  saved: { id: number | null };
  /** Left without saving: back to the list. */
  closed: Record<string, never>;
  notifyError: { message: string };
}

const notProvided = (name: string) => () => Promise.reject(new Error(`goodsEditor: actor "${name}" is not provided`));

/** The class_id sent: the chosen level-3 class, else the loaded goods' own. */
const classIdOf = (context: GoodsEditorContext) => (context.classPath.length === 3 ? context.classPath[2] : context.recordClassId);

const loaded = (output: LoadEditorOutput): Partial<GoodsEditorContext> => {
  const record = output.record && typeof output.record === 'object' ? output.record : null;
  const classTree = Array.isArray(output.classTree) ? (output.classTree as ClassNode[]) : [];
  const restored = restoreClass(classTree, record);
  return {
    classTree,
    classPath: restored.path,
    classNames: restored.names,
    classEnames: restored.enames,
    recordClassId: restored.classId,
    values: record ? recordToValues(record) : emptyValues(),
    attrList: record ? attrsOf(record.attrList) : [],
    skuList: record ? skuRowsOf(record.skuList) : [],
    refuseInfo: record && Number(record.goods_verify) === 0 && typeof record.refuse_info === 'string' ? record.refuse_info.trim() : '',
    reviewOn: record?.goods_review_on === true,
    loadedValues: record ? recordToValues(record) : null,
    errors: {},
    error: null,
  };
};

/** The fields the admin's review looked at (server: catalogue/goodsWrite.ts textChanged). */
const REVIEWED_FIELDS = ['goods_name', 'goods_subname', 'goods_content'] as const;

/**
 * Would saving take an approved goods off sale until the admin reviews it again? Seller edits of
 * an approved goods that change its name, subtitle or detail while the review is on.
 */
export const sendsBackToReview = (context: GoodsEditorContext): boolean =>
  !context.admin &&
  context.mode === 'edit' &&
  context.reviewOn &&
  context.loadedValues !== null &&
  context.loadedValues.goods_verify === 1 &&
  REVIEWED_FIELDS.some((key) => context.values[key] !== context.loadedValues![key]);

/** The attributes after a tick or a removal. */
const attrsAfter = (attrs: AttrItem[], event: GoodsEditorEvent): AttrItem[] =>
  event.type === 'SPEC.TOGGLE' ? toggleSpec(attrs, event.attrId, event.specId) : event.type === 'ATTR.REMOVE' ? removeAttr(attrs, event.attrId) : attrs;

/** The new attributes and their SKU rows: kept rows keep their values, new ones start from the goods' figures. */
const withAttrs = (context: GoodsEditorContext, attrList: AttrItem[]) => ({
  attrList,
  skuList: regenerateSkus(attrList, context.skuList, skuDefaultsOf(context.values, context.skuList.length > 0)),
  pendingAttrs: null,
  pendingDrop: [],
  errors: {},
});

const untickedRows = (context: GoodsEditorContext, event: GoodsEditorEvent) =>
  untickedAway(context.attrList, attrsAfter(context.attrList, event), context.skuList, skuDefaultsOf(context.values, context.skuList.length > 0));

export const goodsEditorMachine = setup({
  types: {
    input: {} as GoodsEditorInput,
    context: {} as GoodsEditorContext,
    events: {} as GoodsEditorEvent,
  },
  actors: {
    loadEditor: fromPromise<LoadEditorOutput, LoadEditorInput>(notProvided('loadEditor')),
    loadAttrs: fromPromise<unknown>(notProvided('loadAttrs')),
    saveGoods: fromPromise<unknown, SaveGoodsInput>(notProvided('saveGoods')),
  },
  actions: {
    saved: (_, _params: GoodsEditorActionParams['saved']) => {},
    closed: (_, _params: GoodsEditorActionParams['closed']) => {},
    notifyError: (_, _params: GoodsEditorActionParams['notifyError']) => {},
  },
  guards: {
    startsAtInfo: ({ context }) => context.admin || context.mode === 'edit',
    classComplete: ({ context }) => isClassComplete(context.classTree, context.classPath),
    canChooseClass: ({ context }) => !context.admin,
    canEditAttrs: ({ context }) => !context.admin,
    infoValid: ({ context }) => !hasErrors(validateInfo(context.values)),
    infoInvalid: ({ context }) => hasErrors(validateInfo(context.values)),
    skusValid: ({ context }) => !hasErrors(validateSkus(context.skuList)),
    backToReview: ({ context }) => sendsBackToReview(context),
    reviewAskedFromSpecs: ({ context }) => context.reviewFrom === 'specs',
    errorOnClassStep: ({ context, event }) =>
      !context.admin && 'error' in event && stepOfField(Object.keys(serverErrors(event.error))[0]) === 'chooseClass',
    errorOnSpecsStep: ({ event }) => 'error' in event && stepOfField(Object.keys(serverErrors(event.error))[0]) === 'specs',
    /** The change merges combinations and would throw away SKU rows: ask first. */
    dropsSkus: ({ context, event }) => !context.admin && mergedAway(context.attrList, attrsAfter(context.attrList, event), context.skuList).length > 0,
    /** Unticking a spec would drop rows the seller filled (saved, or prices typed): ask first. */
    dropsFilledRows: ({ context, event }) => !context.admin && untickedRows(context, event).length > 0,
  },
}).createMachine({
  id: 'goodsEditor',
  context: ({ input }) => ({
    mode: input?.mode ?? 'create',
    admin: !!input?.admin,
    id: input?.id ?? null,
    classTree: [],
    classPath: [],
    classNames: [],
    classEnames: [],
    recordClassId: 0,
    values: emptyValues(),
    attrList: [],
    skuList: [],
    attrOptions: [],
    pendingAttrs: null,
    pendingDrop: [],
    dropReason: 'merge',
    refuseInfo: '',
    reviewOn: false,
    loadedValues: null,
    reviewFrom: 'info',
    errors: {},
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadEditor',
        src: 'loadEditor',
        input: ({ context }) => ({ admin: context.admin, id: context.mode === 'edit' ? context.id : null }),
        onDone: [
          { guard: 'startsAtInfo', target: 'info', actions: assign(({ event }) => loaded(event.output)) },
          { target: 'chooseClass', actions: assign(({ event }) => loaded(event.output)) },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorMessage(event.error) || LOAD_FAILED_KEY }) },
      },
    },
    failed: {
      on: {
        RETRY: { target: 'loading', actions: assign({ error: null }) },
        BACK: { target: 'closed' },
      },
    },
    chooseClass: {
      on: {
        'CLASS.PICK': {
          actions: assign(({ context, event }) => {
            const classPath = pickClass(context.classPath, event.level, event.id);
            return { classPath, classNames: classNames(context.classTree, classPath), classEnames: classEnames(context.classTree, classPath), error: null, errors: {} };
          }),
        },
        NEXT: [
          { guard: 'classComplete', target: 'info', actions: assign({ error: null, errors: {} }) },
          { actions: assign({ error: CHOOSE_CLASS_KEY }) },
        ],
        BACK: { target: 'closed' },
      },
    },
    info: {
      on: {
        'FIELD.SET': {
          actions: assign(({ context, event }) => {
            const { [event.field]: _dropped, ...errors } = context.errors;
            return { values: setGoodsValue(context.values, event.field, event.value), errors };
          }),
        },
        'IMAGES.ADD': {
          actions: assign(({ context, event }) => {
            const { goods_images: _dropped, ...errors } = context.errors;
            return { values: addImages(context.values, event.urls), errors };
          }),
        },
        'IMAGE.MASTER': { actions: assign({ values: ({ context, event }) => setMaster(context.values, event.url) }) },
        'IMAGE.REMOVE': { actions: assign({ values: ({ context, event }) => removeImage(context.values, event.url) }) },
        'CLASS.EDIT': { guard: 'canChooseClass', target: 'chooseClass', actions: assign({ error: null }) },
        NEXT: [
          { guard: 'infoValid', target: 'specs', actions: assign({ errors: {}, error: null }) },
          { actions: assign({ errors: ({ context }) => validateInfo(context.values), error: NOT_CHECK_KEY }) },
        ],
        SAVE: [
          { guard: 'infoInvalid', actions: assign({ errors: ({ context }) => validateInfo(context.values), error: NOT_CHECK_KEY }) },
          { guard: and(['skusValid', 'backToReview']), target: 'confirmReview', actions: assign({ errors: {}, error: null, reviewFrom: 'info' as const }) },
          { guard: 'skusValid', target: 'saving', actions: assign({ errors: {}, error: null }) },
          // A SKU edited badly before going back to the info step: show it where it is.
          { target: 'specs', actions: assign({ errors: ({ context }) => validateSkus(context.skuList), error: NOT_CHECK_KEY }) },
        ],
        BACK: { target: 'closed' },
      },
    },
    specs: {
      initial: 'idle',
      on: {
        'SKU.SET': {
          actions: assign(({ context, event }) => {
            const { [`skuList.${event.index}.${event.field}`]: _dropped, ...errors } = context.errors;
            return { skuList: setSkuField(context.skuList, event.index, event.field, event.value), errors };
          }),
        },
        PREV: { target: 'info', actions: assign({ error: null }) },
        BACK: { target: 'closed' },
        SAVE: [
          { guard: and(['skusValid', 'backToReview']), target: 'confirmReview', actions: assign({ errors: {}, error: null, reviewFrom: 'specs' as const }) },
          {
            guard: 'skusValid',
            target: 'saving',
            actions: assign({ errors: {}, error: null }),
          },
          { actions: assign({ errors: ({ context }) => validateSkus(context.skuList), error: NOT_CHECK_KEY }) },
        ],
      },
      states: {
        idle: {
          on: {
            'ATTRS.OPEN': { guard: 'canEditAttrs', target: 'attrsLoading' },
            // Unticking never merges combinations away (an attribute loses its dimension only with
            // its last ticked spec, and then every row still has one match), but it drops the
            // spec's own rows: when the seller filled them, ask first.
            'SPEC.TOGGLE': [
              {
                guard: 'dropsFilledRows',
                target: 'confirmDrop',
                actions: assign(({ context, event }) => ({
                  pendingAttrs: attrsAfter(context.attrList, event),
                  pendingDrop: untickedRows(context, event),
                  dropReason: 'untick' as const,
                })),
              },
              { guard: 'canEditAttrs', actions: assign(({ context, event }) => withAttrs(context, attrsAfter(context.attrList, event))) },
            ],
            'ATTR.REMOVE': [
              {
                guard: 'dropsSkus',
                target: 'confirmDrop',
                actions: assign(({ context, event }) => {
                  const pendingAttrs = attrsAfter(context.attrList, event);
                  return { pendingAttrs, pendingDrop: mergedAway(context.attrList, pendingAttrs, context.skuList), dropReason: 'merge' as const };
                }),
              },
              { guard: 'canEditAttrs', actions: assign(({ context, event }) => withAttrs(context, attrsAfter(context.attrList, event))) },
            ],
          },
        },
        // Removing an attribute with several ticked specs merges combinations: the rows left over
        // lose their prices, stock and images, so the seller confirms first.
        confirmDrop: {
          on: {
            'DROP.CONFIRM': { target: 'idle', actions: assign(({ context }) => withAttrs(context, context.pendingAttrs ?? context.attrList)) },
            'DROP.CANCEL': { target: 'idle', actions: assign({ pendingAttrs: null, pendingDrop: [] }) },
          },
        },
        attrsLoading: {
          invoke: {
            id: 'loadAttrs',
            src: 'loadAttrs',
            onDone: { target: 'attrsDialog', actions: assign({ attrOptions: ({ event }) => attrsOf(event.output) }) },
            onError: {
              target: 'idle',
              actions: { type: 'notifyError', params: ({ event }) => ({ message: errorMessage(event.error) || LOAD_FAILED_KEY }) },
            },
          },
        },
        attrsDialog: {
          on: {
            'ATTRS.CONFIRM': {
              target: 'idle',
              actions: assign({ attrList: ({ context, event }) => appendAttrs(context.attrList, context.attrOptions, event.ids) }),
            },
            'ATTRS.CANCEL': { target: 'idle' },
          },
        },
      },
    },
    // An edit that takes an approved goods off sale until the admin reviews it again: say so first.
    confirmReview: {
      on: {
        'REVIEW.CONFIRM': { target: 'saving' },
        'REVIEW.CANCEL': [{ guard: 'reviewAskedFromSpecs', target: 'specs' }, { target: 'info' }],
      },
    },
    saving: {
      invoke: {
        id: 'saveGoods',
        src: 'saveGoods',
        input: ({ context }) => ({
          admin: context.admin,
          id: context.mode === 'edit' ? context.id : null,
          payload: goodsPayload(context.values, context.skuList, classIdOf(context), context.admin),
        }),
        onDone: { target: 'saved' },
        onError: [
          {
            guard: 'errorOnClassStep',
            target: 'chooseClass',
            actions: assign(({ event }) => ({ errors: serverErrors(event.error), error: errorMessage(event.error) || SAVE_FAILED_KEY })),
          },
          {
            guard: 'errorOnSpecsStep',
            target: 'specs',
            actions: assign(({ event }) => ({ errors: serverErrors(event.error), error: errorMessage(event.error) || SAVE_FAILED_KEY })),
          },
          {
            target: 'info',
            actions: assign(({ event }) => ({ errors: serverErrors(event.error), error: errorMessage(event.error) || SAVE_FAILED_KEY })),
          },
        ],
      },
    },
    saved: {
      type: 'final',
      entry: { type: 'saved', params: ({ context }) => ({ id: context.id }) },
    },
    closed: {
      type: 'final',
      entry: { type: 'closed', params: {} },
    },
  },
});
