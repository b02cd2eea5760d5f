import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation, useParams } from 'wouter';
import { LOAD_FAILED, PHOTOS_UPLOADING, SUBMIT_FAILED, TOO_MANY_PHOTOS } from '../../../machines/review.machine';
import { REVIEW_MAX_CONTENT, REVIEW_MAX_PHOTOS, SCORE_FIELDS, type ReviewDraft, type ReviewLine } from '../../../machines/review';
import { uploadErrorText } from '../../app/uploadMachine';
import { rowIdOf } from '../../shop/shared/params';
import { LoadFailed } from '../../shop/shared/States';

import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { toast } from '../../ui/toast';
import { UploadButton } from '../../ui/UploadButton';
import { UserLayout } from '../layout/UserLayout';
import { boundReviewMachine } from './reviewMachine';
import { StarInput, StarsView } from './StarInput';

type Send = ReturnType<typeof useMachine<typeof boundReviewMachine>>[1];

/** A problem code of the form (review.ts, review.machine.ts, upload.machine.ts) in words; a server message as it is. */
function useProblemText() {
  const intl = useIntl();
  return (code: string | undefined | null) => {
    if (!code) return undefined;
    if (code === 'score') return intl.formatMessage({ id: 'ucentre.review.rule.score' });
    if (code === 'contentTooLong') return intl.formatMessage({ id: 'ucentre.review.rule.content' }, { max: REVIEW_MAX_CONTENT });
    if (code === TOO_MANY_PHOTOS) return intl.formatMessage({ id: 'ucentre.review.rule.photos' }, { max: REVIEW_MAX_PHOTOS });
    if (code === PHOTOS_UPLOADING) return intl.formatMessage({ id: 'ucentre.review.uploading' });
    if (code === SUBMIT_FAILED || code === LOAD_FAILED) return intl.formatMessage({ id: 'msg.fail' });
    if (['notImage', 'tooLarge', 'tooMany', 'uploadFailed'].includes(code)) return uploadErrorText(code);
    return code;
  };
}

function LineHead({ line }: { line: ReviewLine }) {
  return (
    <div className="flex items-center gap-3">
      {line.goods_image ? (
        <img src={line.goods_image} alt="" width={56} height={56} className="h-14 w-14 shrink-0 rounded border border-slate-200 object-cover" />
      ) : (
        <span aria-hidden="true" className="h-14 w-14 shrink-0 rounded bg-slate-100" />
      )}
      <div className="min-w-0 text-sm">
        <Link href={`/goods/${line.goods_id}`} className="focus-ring line-clamp-2 rounded font-medium text-slate-900 hover:text-brand">
          {line.goods_name}
        </Link>
        {line.sku_name && <p className="text-xs text-slate-600">{line.sku_name}</p>}
      </div>
    </div>
  );
}

function DoneLine({ line }: { line: ReviewLine }) {
  const review = line.comment!;
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3">
      <LineHead line={line} />
      <p className="text-xs font-medium text-emerald-800">
        <FormattedMessage id="ucentre.review.already" />
      </p>
      <StarsView value={review.score} />
      {review.content && <p className="text-sm text-slate-800">{review.content}</p>}
    </li>
  );
}

function EditLine({ line, draft, errors, uploading, send, disabled }: { line: ReviewLine; draft: ReviewDraft; errors: Record<string, string>; uploading: boolean; send: Send; disabled: boolean }) {
  const intl = useIntl();
  const problem = useProblemText();
  const label = (id: string) => intl.formatMessage({ id });
  const textId = `review-text-${line.id}`;
  const photoError = problem(errors[`${line.id}.image`]);
  const lineError = problem(errors[`${line.id}.order_goods_id`]);
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3" data-testid={`review-line-${line.id}`}>
      <LineHead line={line} />
      {lineError && (
        <p role="alert" className="text-sm text-red-700">
          {lineError}
        </p>
      )}
      <div className="flex flex-col gap-1">
        {SCORE_FIELDS.map((field) => (
          <StarInput
            key={field}
            legend={label(`ucentre.review.${field}`)}
            value={draft[field]}
            error={problem(errors[`${line.id}.${field}`])}
            onChange={(value) => send({ type: 'REVIEW.SCORE', lineId: line.id, field, value })}
          />
        ))}
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={textId} className="text-sm font-medium text-slate-800">
          <FormattedMessage id="ucentre.review.content" />
        </label>
        <textarea
          id={textId}
          rows={3}
          maxLength={REVIEW_MAX_CONTENT}
          value={draft.content}
          disabled={disabled}
          aria-invalid={errors[`${line.id}.content`] ? true : undefined}
          aria-describedby={`${textId}-count`}
          placeholder={label('ucentre.review.placeholder')}
          onChange={(e) => send({ type: 'REVIEW.TEXT', lineId: line.id, content: e.target.value })}
          className="focus-ring rounded border border-slate-400 px-3 py-2 text-sm text-slate-900"
        />
        <p id={`${textId}-count`} className="text-right text-xs text-slate-600">
          {[...draft.content].length} / {REVIEW_MAX_CONTENT}
        </p>
        {errors[`${line.id}.content`] && <p className="text-xs text-red-700">{problem(errors[`${line.id}.content`])}</p>}
      </div>
      <div className="flex flex-col gap-2">
        <p className="text-sm font-medium text-slate-800">
          <FormattedMessage id="ucentre.review.photos" values={{ max: REVIEW_MAX_PHOTOS }} />
        </p>
        <ul className="flex flex-wrap gap-2">
          {draft.image.map((src, index) => (
            <li key={src} className="relative">
              <img src={src} alt={intl.formatMessage({ id: 'ucentre.review.photoN' }, { n: index + 1 })} width={72} height={72} className="h-18 w-18 rounded border border-slate-200 object-cover" />
              <button
                type="button"
                onClick={() => send({ type: 'REVIEW.REMOVE_PHOTO', lineId: line.id, index })}
                aria-label={intl.formatMessage({ id: 'ucentre.review.removePhoto' }, { n: index + 1 })}
                className="focus-ring absolute -right-2 -top-2 flex h-6 w-6 items-center justify-center rounded-full bg-slate-800 text-xs text-white"
              >
                ×
              </button>
            </li>
          ))}
        </ul>
        <div className="flex items-center gap-3">
          {draft.image.length < REVIEW_MAX_PHOTOS && (
            <UploadButton
              id={`review-photos-${line.id}`}
              caption={<FormattedMessage id="ucentre.review.addPhotos" />}
              accept="image/*"
              multiple
              disabled={uploading || disabled}
              describedBy={photoError ? `review-photos-${line.id}-error` : undefined}
              onFiles={(files) => send({ type: 'REVIEW.PICK', lineId: line.id, files })}
            />
          )}
          {uploading && <Spinner size="sm" label={label('form.uploading')} />}
        </div>
        {photoError && (
          <p id={`review-photos-${line.id}-error`} className="text-xs text-red-700">
            {photoError}
          </p>
        )}
      </div>
    </li>
  );
}

function ReviewForm({ orderId }: { orderId: number }) {
  const intl = useIntl();
  const problem = useProblemText();
  const [, navigate] = useLocation();
  const [machine] = useState(() =>
    boundReviewMachine.provide({
      actions: {
        notifySubmitted: () => {
          toast.success(intl.formatMessage({ id: 'ucentre.review.done' }));
          navigate('/user/comments');
        },
      },
    }),
  );
  const [state, send] = useMachine(machine, { input: { orderId } });
  const { order, drafts, errors, uploading, error } = state.context;
  if (state.matches('loading') || state.matches('submitted'))
    return (
      <div className="flex justify-center py-10">
        <Spinner />
      </div>
    );
  if (state.matches('loadFailed')) return <LoadFailed message={problem(error)} onRetry={() => send({ type: 'REVIEW.RETRY' })} />;
  if (!order) return null;
  const submitting = state.matches('submitting');
  const head = (
    <p className="mb-3 text-sm text-slate-700">
      <FormattedMessage id="ucentre.order.no" values={{ no: order.order_no }} />
    </p>
  );
  if (state.matches('closed'))
    return (
      <div className="flex flex-col gap-3">
        {head}
        <p role="status" className="rounded bg-slate-50 px-3 py-2 text-sm text-slate-800">
          <FormattedMessage id={order.order_status === 4 ? 'ucentre.review.allDone' : 'ucentre.review.notReceived'} />
        </p>
        <ul className="flex flex-col gap-3">{order.lines.filter((l) => l.comment).map((line) => <DoneLine key={line.id} line={line} />)}</ul>
        <Link href={`/user/order/${order.id}`} className="focus-ring self-start rounded text-sm text-brand hover:underline">
          <FormattedMessage id="ucentre.order.detail" />
        </Link>
      </div>
    );
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'REVIEW.SUBMIT' });
      }}
      className="flex flex-col gap-4"
    >
      {head}
      <ul className="flex flex-col gap-4">
        {order.lines.map((line) =>
          drafts[line.id] ? (
            <EditLine key={line.id} line={line} draft={drafts[line.id]} errors={errors} uploading={uploading.includes(line.id)} send={send} disabled={submitting} />
          ) : line.comment ? (
            <DoneLine key={line.id} line={line} />
          ) : null,
        )}
      </ul>
      {error && (
        <p role="alert" className="rounded bg-red-50 px-3 py-2 text-sm text-red-800">
          {problem(error)}
        </p>
      )}
      <div>
        <Button type="submit" loading={submitting}>
          <FormattedMessage id="ucentre.review.submit" />
        </Button>
      </div>
    </form>
  );
}

/** /user/comment/add/:id (screens §3.24, its 15-character limit fixed): review each line of a received order. */
export default function ReviewFormPage() {
  const intl = useIntl();
  const params = useParams<{ id: string }>();
  const id = rowIdOf(params.id);
  return (
    <UserLayout title={intl.formatMessage({ id: 'ucentre.review.title' })}>
      {id ? (
        <ReviewForm key={id} orderId={id} />
      ) : (
        <p role="status" className="py-10 text-center text-sm text-slate-700">
          <FormattedMessage id="ucentre.detail.missing" />
        </p>
      )}
    </UserLayout>
  );
}
