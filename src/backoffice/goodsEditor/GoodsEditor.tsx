import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { editorFingerprint, type EditorMode } from '../../../machines/goodsEditor';
import type { GoodsEditorEvent } from '../../../machines/goodsEditor.machine';
import { localName } from '../../../machines/localName';
import { getInspect } from '../../app/inspectHook';
import { useLeaveGuard } from '../../app/leaveGuard';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Spinner } from '../../ui/Spinner';
import { toast } from '../../ui/toast';
import { boundGoodsEditor, editorArea, loadBrands, loadFreights, type BrandChoice } from './editorApi';
import { ClassStep } from './ClassStep';
import { InfoStep } from './InfoStep';
import { SpecsStep } from './SpecsStep';
import { useMessageText } from './text';

export interface GoodsEditorProps {
  mode: EditorMode;
  /** Admin console: edit only, no class step, review fields. */
  admin?: boolean;
  id?: number | null;
  /** Saved or left (its "back"): the page shows its list again; leaving with unsaved changes asks first. */
  onDone: (saved: boolean) => void;
}

const STEPS = ['page.goodsEditor.step.class', 'page.goodsEditor.step.info', 'page.goodsEditor.step.specs', 'page.goodsEditor.step.publish'] as const;

/**
 * The goods editor (screens §4.5 admin goods form, §4.6 seller goods form) bound to the
 * `goodsEditor` machine: the view only reads its state and sends events.
 */
export default function GoodsEditor({ mode, admin = false, id = null, onDone }: GoodsEditorProps) {
  const intl = useIntl();
  const done = useRef(onDone);
  done.current = onDone;
  const released = useRef<() => void>(() => {});
  const machine = useMemo(
    () =>
      boundGoodsEditor({
        saved: () => {
          toast.success(intl.formatMessage({ id: 'msg.success' }));
          // saved: nothing left to lose on the way back to the list
          released.current();
          done.current(true);
        },
        closed: () => done.current(false),
        notifyError: (message) => toast.error(/^page\./.test(message) ? intl.formatMessage({ id: message }) : message),
      }),
    [intl],
  );
  const [state, send] = useMachine(machine, { input: { mode, admin, id }, inspect: getInspect() });
  // unsaved changes: what is entered differs from what was loaded (the first step shown)
  const editing = !state.matches('loading') && !state.matches('failed') && !state.matches('saving') && !state.matches('saved') && !state.matches('closed');
  const fingerprint = editing ? editorFingerprint(state.context) : null;
  const [loadedPrint, setLoadedPrint] = useState<string | null>(null);
  useEffect(() => {
    if (fingerprint !== null && loadedPrint === null) setLoadedPrint(fingerprint);
  }, [fingerprint, loadedPrint]);
  const guard = useLeaveGuard(fingerprint !== null && loadedPrint !== null && fingerprint !== loadedPrint);
  released.current = guard.release;
  // a step's "back" leaves the page: the leave guard asks first when something is unsaved
  const stepSend = (event: GoodsEditorEvent) => (event.type === 'BACK' ? done.current(false) : send(event));
  const [brandList, setBrands] = useState<BrandChoice[]>([]);
  // each brand by its name in the reader's language (again on a language switch)
  const brands = useMemo(() => brandList.map((b) => ({ label: localName(b, intl.locale), value: b.id })), [brandList, intl.locale]);
  const [freights, setFreights] = useState<{ label: string; value: number }[]>([]);
  useEffect(() => {
    let live = true;
    void loadBrands(admin).then((list) => live && setBrands(list));
    void loadFreights(admin).then((list) => live && setFreights(list));
    return () => {
      live = false;
    };
  }, [admin]);
  const message = useMessageText();

  const ctx = state.context;
  // While the seller is asked about the review, the step it was asked from stays on screen.
  const asking = state.matches('confirmReview');
  const onInfo = state.matches('info') || (asking && ctx.reviewFrom === 'info');
  const onSpecs = state.matches('specs') || (asking && ctx.reviewFrom === 'specs');
  const stepIndex = state.matches('chooseClass') ? 0 : onSpecs ? 2 : state.matches('saving') || state.matches('saved') ? 3 : 1;
  const steps = admin ? STEPS.slice(1) : STEPS;
  const shownIndex = admin ? stepIndex - 1 : stepIndex;
  const title = intl.formatMessage({ id: mode === 'create' ? 'page.goodsEditor.createTitle' : 'page.goodsEditor.editTitle' });

  return (
    <section aria-label={title} className="flex flex-col gap-4 rounded bg-white p-4" data-area={editorArea(admin)}>
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      <ol className="flex flex-wrap gap-2" aria-label={intl.formatMessage({ id: 'page.goodsEditor.steps' })}>
        {steps.map((key, i) => (
          <li
            key={key}
            aria-current={i === shownIndex ? 'step' : undefined}
            className={`flex items-center gap-2 rounded px-3 py-1 text-sm ${i === shownIndex ? 'bg-office text-white' : i < shownIndex ? 'bg-blue-50 text-office' : 'bg-slate-100 text-slate-700'}`}
          >
            <span aria-hidden="true" className="font-semibold">{i + 1}</span>
            <FormattedMessage id={key} />
          </li>
        ))}
      </ol>

      {ctx.refuseInfo && !state.matches('loading') && !state.matches('failed') && (
        <p role="note" className="rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <FormattedMessage id="page.goodsEditor.refused" values={{ reason: ctx.refuseInfo }} />
        </p>
      )}

      {ctx.error && !state.matches('failed') && (
        <p role="alert" className="rounded border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {message(ctx.error)}
        </p>
      )}

      {state.matches('loading') && (
        <div className="flex justify-center py-10 text-slate-500">
          <Spinner label={intl.formatMessage({ id: 'page.goodsEditor.loading' })} />
        </div>
      )}
      {state.matches('failed') && (
        <div role="alert" className="flex flex-col items-start gap-3">
          <p className="text-sm text-red-800">{message(ctx.error)}</p>
          <div className="flex gap-2">
            <Button variant="office" onClick={() => send({ type: 'RETRY' })}>
              <FormattedMessage id="page.goodsEditor.retry" />
            </Button>
            <Button variant="secondary" onClick={() => send({ type: 'BACK' })}>
              <FormattedMessage id="page.goodsEditor.back" />
            </Button>
          </div>
        </div>
      )}
      {state.matches('chooseClass') && <ClassStep context={ctx} send={stepSend} />}
      {onInfo && <InfoStep context={ctx} send={stepSend} admin={admin} brands={brands} freights={freights} />}
      {onSpecs && (
        <SpecsStep
          context={ctx}
          send={stepSend}
          admin={admin}
          dialogOpen={state.matches({ specs: 'attrsDialog' })}
          loadingAttrs={state.matches({ specs: 'attrsLoading' })}
          confirmDrop={state.matches({ specs: 'confirmDrop' })}
        />
      )}
      <ConfirmDialog
        open={asking}
        title={<FormattedMessage id="page.goodsEditor.reviewTitle" />}
        message={<FormattedMessage id="page.goodsEditor.reviewAgain" />}
        onConfirm={() => send({ type: 'REVIEW.CONFIRM' })}
        onCancel={() => send({ type: 'REVIEW.CANCEL' })}
      />
      {guard.dialog}
      {state.matches('saving') && (
        <div className="flex items-center gap-2 py-6 text-slate-700" role="status">
          <Spinner size="sm" />
          <FormattedMessage id="page.goodsEditor.saving" />
        </div>
      )}
    </section>
  );
}
