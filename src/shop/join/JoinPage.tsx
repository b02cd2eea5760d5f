import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'wouter';
import { localName } from '../../../machines/localName';
import { JOIN_FAILED, LOAD_FAILED, READ_AGREEMENT, STEP_PATHS, progressOf, stepOf, stepOfPath, type WizardStep } from '../../../machines/storeApplication';
import { loadAgreement, richTextHtml } from '../../api/storeApplication';
import { getCommitted, go } from '../../app/navigation';
import { loginWithReturn } from '../../app/returnTo';
import { useSession } from '../../app/session';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { Spinner } from '../../ui/Spinner';
import { Steps } from '../cart/Steps';
import { useCommon } from '../layout/commonStore';
import { ShopLayout } from '../layout/ShopLayout';
import { leafIds, searchHref } from '../search/searchHref';
import { LoginRedirect } from '../shared/LoginRedirect';
import { bindWizard, pageOf, type WizardActor } from './boundWizard';

const ApplicationForm = lazy(() => import('./ApplicationForm'));

const PAGE_ERRORS: Record<string, string> = {
  [READ_AGREEMENT]: 'msg.readAgreement',
  [JOIN_FAILED]: 'shop.join.joinFailed',
  [LOAD_FAILED]: 'shop.join.loadFailed',
};

function useErrorText(error: string | null): string | null {
  const intl = useIntl();
  if (!error) return null;
  return PAGE_ERRORS[error] ? intl.formatMessage({ id: PAGE_ERRORS[error] }) : error;
}

function Centered({ children }: { children: ReactNode }) {
  return <div className="flex justify-center py-16 text-slate-500">{children}</div>;
}

/** 阅读协议 → 填写资料 → 等待审核 → 审核通过 (审核失败 when refused). */
export function WizardSteps({ actor, step }: { actor: WizardActor; step: WizardStep }) {
  const intl = useIntl();
  const stage = useSelector(actor, (s) => stepOf(s.context.store));
  const { active, failed } = progressOf(step, stage);
  return (
    <Steps
      label={intl.formatMessage({ id: 'shop.join.steps' })}
      doneLabel={intl.formatMessage({ id: 'shop.join.stepDone' })}
      active={active}
      failed={failed}
      steps={[
        <FormattedMessage key="1" id="shop.join.stepAgreement" />,
        <FormattedMessage key="2" id="shop.join.stepForm" />,
        <FormattedMessage key="3" id="shop.join.stepVerify" />,
        <FormattedMessage key="4" id={failed ? 'shop.join.stepDenied' : 'shop.join.stepPassed'} />,
      ]}
    />
  );
}

/**
 * The landing page (入驻申请, 入驻流程, 热招类目): public, so a visitor reads it before logging in;
 * only its buttons need a login (the page decides what `onApply` does). The categories are the
 * catalogue's own top-level classes, each a link to its goods.
 */
function Landing({ onApply }: { onApply: () => void }) {
  const { locale } = useIntl();
  const classes = useCommon().data?.classes ?? [];
  const cards = [
    { key: 'apply', title: 'shop.join.applyTitle', action: 'shop.join.apply', icon: '✎' },
    { key: 'progress', title: 'shop.join.progressTitle', action: 'shop.join.progress', icon: '⌕' },
  ];
  return (
    <>
      <section className="mb-6 flex min-h-[180px] flex-col justify-center gap-2 rounded-lg bg-gradient-to-r from-brand to-rose-400 px-6 py-10 text-white sm:min-h-[260px] sm:px-12">
        <h1 className="text-2xl font-bold sm:text-4xl">
          <FormattedMessage id="shop.join.bannerTitle" />
        </h1>
        <p className="text-sm sm:text-lg">
          <FormattedMessage id="shop.join.bannerText" />
        </p>
      </section>
      <div className="mb-8 grid gap-4 sm:grid-cols-2">
        {cards.map((card) => (
          <section key={card.key} className="flex items-center gap-4 rounded-lg border border-slate-200 bg-white p-6">
            <span aria-hidden="true" className="flex h-14 w-14 shrink-0 items-center justify-center rounded-full bg-brand/10 text-2xl text-brand">
              {card.icon}
            </span>
            <div className="flex flex-1 flex-col items-start gap-2">
              <h2 className="text-lg font-semibold text-slate-900">
                <FormattedMessage id={card.title} />
              </h2>
              <Button onClick={onApply}>
                <FormattedMessage id={card.action} />
              </Button>
            </div>
          </section>
        ))}
      </div>
      <section aria-labelledby="join-process" className="mb-8 rounded-lg border border-slate-200 bg-white p-6">
        <h2 id="join-process" className="mb-4 text-lg font-semibold text-slate-900">
          <FormattedMessage id="shop.join.process" />
        </h2>
        <ol className="grid gap-4 sm:grid-cols-4">
          {[1, 2, 3, 4].map((n) => (
            <li key={n} className="flex items-start gap-3 text-sm">
              <span aria-hidden="true" className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand text-white">
                {n}
              </span>
              <span>
                <strong className="block text-slate-900">
                  <FormattedMessage id={`shop.join.process${n}`} />
                </strong>
                <span className="text-slate-600">
                  <FormattedMessage id={`shop.join.process${n}Text`} />
                </span>
              </span>
            </li>
          ))}
        </ol>
      </section>
      {!!classes.length && (
        <section aria-labelledby="join-categories" className="rounded-lg border border-slate-200 bg-white p-6">
          <h2 id="join-categories" className="mb-4 text-lg font-semibold text-slate-900">
            <FormattedMessage id="shop.join.categories" />
          </h2>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {classes.map((top) => (
              <li key={top.id}>
                <Link
                  href={searchHref({ pid: top.id, class_id: leafIds(top) })}
                  className="focus-ring block rounded border border-slate-200 px-3 py-4 text-center text-sm text-slate-800 hover:border-brand hover:text-brand"
                >
                  {localName(top, locale)}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

function Agreement({ actor }: { actor: WizardActor }) {
  const intl = useIntl();
  const checkId = useId();
  const agreed = useSelector(actor, (s) => s.context.agreed);
  const joining = useSelector(actor, (s) => s.matches('joining'));
  const error = useErrorText(useSelector(actor, (s) => s.context.error));
  const [text, setText] = useState<{ status: 'loading' | 'ready' | 'failed'; html: string; title: string }>({ status: 'loading', html: '', title: '' });
  useEffect(() => {
    let live = true;
    void loadAgreement('agreement').then((result) => {
      if (!live) return;
      if (result.kind === 'ok') setText({ status: 'ready', html: richTextHtml(result.data?.content), title: result.data?.name ?? '' });
      else setText({ status: 'failed', html: '', title: '' });
    });
    return () => {
      live = false;
    };
  }, []);
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <h1 id="join-agreement" className="mb-4 text-lg font-semibold text-slate-900">
        {text.title || <FormattedMessage id="shop.join.agreementTitle" />}
      </h1>
      <div
        role="region"
        tabIndex={0}
        aria-labelledby="join-agreement"
        className="focus-ring mb-4 max-h-[420px] overflow-auto rounded border border-slate-200 bg-slate-50 p-4 text-sm leading-relaxed text-slate-800"
      >
        {text.status === 'loading' && <Spinner size="sm" />}
        {text.status === 'failed' && <FormattedMessage id="shop.join.agreementFailed" />}
        {/* sanitised on write by the server (DESIGN §5 rich text) */}
        {text.status === 'ready' && <div className="prose prose-sm max-w-none" dangerouslySetInnerHTML={{ __html: text.html }} />}
      </div>
      <div className="mb-4 flex items-center gap-2">
        <Checkbox id={checkId} checked={agreed} onChange={(checked) => actor.send({ type: 'AGREE', agreed: checked })} />
        <label htmlFor={checkId} className="cursor-pointer text-sm text-slate-800">
          <FormattedMessage id="shop.join.agreeLabel" />
        </label>
      </div>
      {error && (
        <p role="alert" className="mb-4 rounded bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      )}
      <Button onClick={() => actor.send({ type: 'NEXT' })} loading={joining}>
        <FormattedMessage id="shop.join.agreeNext" />
      </Button>
    </section>
  );
}

function Verification({ actor }: { actor: WizardActor }) {
  const state = useSelector(actor, (s) => (s.matches({ step3: 'denied' }) ? 'denied' : s.matches({ step3: 'passed' }) ? 'passed' : 'verifying'));
  const refuseInfo = useSelector(actor, (s) => s.context.refuseInfo);
  const look = {
    verifying: { icon: '…', tone: 'bg-amber-100 text-amber-800', title: 'shop.join.verifying', text: 'shop.join.verifyingText' },
    denied: { icon: '✕', tone: 'bg-red-100 text-red-800', title: 'shop.join.denied', text: '' },
    passed: { icon: '✓', tone: 'bg-green-100 text-green-800', title: 'shop.join.passed', text: 'shop.join.passedText' },
  }[state];
  return (
    <section data-testid={`join-${state}`} aria-labelledby="join-result" className="flex flex-col items-center gap-4 rounded-lg border border-slate-200 bg-white px-4 py-12 text-center">
      <span aria-hidden="true" className={`flex h-16 w-16 items-center justify-center rounded-full text-3xl ${look.tone}`}>
        {look.icon}
      </span>
      <h1 id="join-result" className="text-xl font-semibold text-slate-900">
        <FormattedMessage id={look.title} />
      </h1>
      {state === 'denied' ? (
        <p className="max-w-prose text-sm text-red-800">
          <FormattedMessage id="shop.join.refuseReason" values={{ reason: refuseInfo || '-' }} />
        </p>
      ) : (
        <p className="max-w-prose text-sm text-slate-700">
          <FormattedMessage id={look.text} />
        </p>
      )}
      {state === 'verifying' && (
        <Button variant="secondary" onClick={() => actor.send({ type: 'REFRESH' })}>
          <FormattedMessage id="shop.join.refresh" />
        </Button>
      )}
      {state === 'denied' && (
        <Button onClick={() => actor.send({ type: 'EDIT' })}>
          <FormattedMessage id="shop.join.edit" />
        </Button>
      )}
      {state === 'passed' && (
        <Button onClick={() => actor.send({ type: 'SELLER.OPEN' })}>
          <FormattedMessage id="shop.join.openSeller" />
        </Button>
      )}
    </section>
  );
}

/** One run of the wizard, started at the page the URL names; its states pick what shows. */
function Wizard({ entry, location, restart }: { entry: WizardStep; location: string; restart: (entry: WizardStep) => void }) {
  const pushed = useRef<string | null>(null);
  const [machine] = useState(() =>
    bindWizard({
      goStep: (path) => {
        pushed.current = path;
        if (getCommitted().path !== path) go(path);
      },
      goSellerCentre: (url) => go(url),
    }),
  );
  const actor = useActorRef(machine, { input: { entry } });
  const page = useSelector(actor, pageOf);
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const error = useErrorText(useSelector(actor, (s) => s.context.error));

  // The address changed under the machine (back / forward, a link): start again from that page.
  useEffect(() => {
    if (location === pushed.current) return;
    const current = pageOf(actor.getSnapshot());
    if (current && STEP_PATHS[current] !== location) restart(stepOfPath(location));
  }, [location, actor, restart]);

  if (failed) {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 py-16 text-sm text-slate-700">
        <p>{error}</p>
        <Button variant="secondary" onClick={() => actor.send({ type: 'REFRESH' })}>
          <FormattedMessage id="shop.join.retry" />
        </Button>
      </div>
    );
  }
  if (!page) {
    return (
      <Centered>
        <Spinner />
      </Centered>
    );
  }
  if (page === 'join') return <Landing onApply={() => actor.send({ type: 'JOIN' })} />;
  return (
    <>
      <WizardSteps actor={actor} step={page} />
      {page === 'step1' && <Agreement actor={actor} />}
      {page === 'step2' && (
        <Suspense
          fallback={
            <Centered>
              <Spinner />
            </Centered>
          }
        >
          <ApplicationForm actor={actor} />
        </Suspense>
      )}
      {page === 'step3' && <Verification actor={actor} />}
    </>
  );
}

/** Merchant onboarding (/store/join, /store/step_1..3; screens §3.19 with §6.3 item 35 fixed). */
export default function JoinPage() {
  const intl = useIntl();
  const { loggedIn } = useSession(2);
  const [location] = useLocation();
  const [run, setRun] = useState(() => ({ entry: stepOfPath(location), n: 0 }));
  const [restart] = useState(() => (entry: WizardStep) => setRun((prev) => ({ entry, n: prev.n + 1 })));
  useEffect(() => {
    document.title = intl.formatMessage({ id: 'shop.join.title' });
  }, [intl]);
  if (!loggedIn) {
    // the landing page is public; its buttons, and the steps, need a login (and come back here)
    if (stepOfPath(location) !== 'join') return <LoginRedirect />;
    return (
      <ShopLayout>
        <Landing onApply={() => go(loginWithReturn('/login'))} />
      </ShopLayout>
    );
  }
  return (
    <ShopLayout>
      <Wizard key={run.n} entry={run.entry} location={location} restart={restart} />
    </ShopLayout>
  );
}
