import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  PAYOUT_REVIEW_REASON_MAX,
  PAYOUT_REVIEW_SEND_FOR_MS,
  type Payout,
  type PayoutDecision,
} from '@versus/domain/wallet/types';
import { PAYPAL_BATCH_ID } from '@versus/domain/wallet/schemas';
import { Button } from '../../../components/button';
import { EmptyState, Spinner } from '../../../components/feedback';
import { errorAria, FieldFrame, FormError } from '../../../components/form-fields';
import { apiErrorText } from '../../../lib/api-error-text';
import { profileDoc } from '../../../lib/documents';
import { db } from '../../../lib/firebase';
import { formatCents, formatCoins, mediumDateTime } from '../../../lib/locale';
import { LocalLink, useLocale } from '../../../lib/navigation';
import { paths } from '../../../lib/paths';
import { useLiveDocument } from '../../../lib/use-live-document';
import { useLiveQuery } from '../../../lib/use-live-query';
import { useNow } from '../../../lib/use-now';
import { reviewPayout } from '../api';
import { payoutsInReviewQuery } from '../queries';
import '../wallet.css';
import '../../../i18n/page-texts';

type Outcome = { ok: boolean; text: string };
/** What an admin has typed for one payout: kept above the item, which leaves the list while a send runs. */
type Draft = { reason: string; batchId: string };
const EMPTY_DRAFT: Draft = { reason: '', batchId: '' };

/**
 * A platform admin's list of withdrawals the sweeper stopped sending (a week without an answer from
 * PayPal), each settled here: sent to PayPal once more, recorded as paid by the batch found in
 * PayPal's records, or refunded (wallet/payouts reviewPayout).
 */
export function PayoutReview() {
  const { t } = useTranslation();
  const payouts = useLiveQuery<Payout>('payouts-in-review', () => payoutsInReviewQuery(db));
  // Kept here, not on the item: a decided payout leaves the list (and a send takes it out while
  // PayPal is asked), so its item would take the outcome with it.
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  return (
    <section className="card stack" data-testid="admin-payouts">
      <h2>{t('admin.payouts.title')}</h2>
      {/* One flex item with the intro, so the live region takes no room of its own while empty. The
          intro explains the withdrawals listed: with none, it only filled a phone's first screen. */}
      <div>
        {payouts.status === 'ready' && payouts.items.length > 0 ? (
          <p className="muted">{t('admin.payouts.intro')}</p>
        ) : null}
        {/* Always there, so a screen reader announces what is put in it. */}
        <div className="payout-outcome" role="status" aria-live="polite">
          {outcome?.ok ? <p className="success">{outcome.text}</p> : null}
        </div>
      </div>
      {outcome && !outcome.ok ? <FormError message={outcome.text} /> : null}
      {payouts.status === 'loading' ? (
        <Spinner label={t('common.loading')} />
      ) : payouts.status === 'error' ? (
        <FormError message={t('admin.payouts.load-failed')} />
      ) : payouts.items.length === 0 ? (
        <EmptyState title={t('admin.payouts.empty')} level={3} />
      ) : (
        payouts.items.map((payout) => (
          <PayoutToReview
            key={payout.id}
            payout={payout}
            draft={drafts[payout.id] ?? EMPTY_DRAFT}
            onDraft={(draft) => setDrafts((all) => ({ ...all, [payout.id]: draft }))}
            onOutcome={setOutcome}
          />
        ))
      )}
    </section>
  );
}

function PayoutToReview({
  payout,
  draft: { reason, batchId },
  onDraft,
  onOutcome,
}: {
  payout: Payout & { id: string };
  draft: Draft;
  onDraft: (draft: Draft) => void;
  onOutcome: (outcome: Outcome) => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  // Only the 29-day limit depends on it: a minute's tick, not a countdown's second.
  const now = useNow(60_000);
  const owner = useLiveDocument<{ displayName?: string }>(profileDoc(db, payout.uid));
  const [busy, setBusy] = useState<PayoutDecision | null>(null);
  const date = mediumDateTime(locale);
  const amount = formatCents(locale, payout.amountCents, payout.currency);
  const mayResend = payout.createdAt > now - PAYOUT_REVIEW_SEND_FOR_MS;
  const text = reason.trim();
  const batch = batchId.trim();
  const batchError = batch && !PAYPAL_BATCH_ID.test(batch) ? t('wallet.errors.batch-id') : null;
  const decide = (decision: PayoutDecision) => {
    setBusy(decision);
    reviewPayout(
      payout.id,
      decision === 'batch' ? { decision, batchId: batch, reason: text } : { decision, reason: text },
    )
      .then((settled) =>
        onOutcome({
          ok: true,
          text: t(`admin.payouts.done.${decision}`, {
            amount,
            coins: formatCoins(locale, payout.bucks),
            receiver: payout.receiver,
            state: t(`profile.withdraw.states.${settled.state}`),
          }),
        }),
      )
      .catch((error: unknown) => onOutcome({ ok: false, text: apiErrorText(t, error) }))
      .finally(() => setBusy(null));
  };
  const name =
    owner.status === 'loading' ? '…' : owner.status === 'ready' ? (owner.data.displayName ?? payout.uid) : payout.uid;
  return (
    <article className="payout-review" data-testid="payout-review" aria-labelledby={`payout-${payout.id}`}>
      <header id={`payout-${payout.id}`}>
        <strong>{amount}</strong>{' '}
        <span className="muted">
          {t('profile.withdraw.coins-from', {
            coins: formatCoins(locale, payout.bucks),
            source: t(
              payout.source === 'creator' ? 'profile.withdraw.source-creator' : 'profile.withdraw.source-funds',
            ),
          })}
        </span>
      </header>
      <dl className="payout-review-facts">
        <dt>{t('admin.payouts.player')}</dt>
        <dd>
          <LocalLink to={paths.user.getHref(payout.uid)}>{name}</LocalLink>
        </dd>
        <dt>{t('admin.payouts.receiver')}</dt>
        <dd>{payout.receiver}</dd>
        <dt>{t('admin.payouts.requested')}</dt>
        <dd>{date.format(payout.createdAt)}</dd>
        <dt>{t('admin.payouts.sender-batch-id')}</dt>
        <dd>
          <code>{payout.id}</code>
        </dd>
        {payout.review?.decision === 'send' ? (
          <>
            <dt>{t('admin.payouts.last-review')}</dt>
            <dd>
              {t('admin.payouts.sent-again', { date: date.format(payout.review.at), reason: payout.review.reason })}
            </dd>
          </>
        ) : null}
      </dl>
      <FieldFrame
        id={`payout-reason-${payout.id}`}
        label={t('admin.payouts.reason')}
        required
        error={null}
        hint={t('admin.payouts.reason-hint')}
        counter={{ length: reason.length, max: PAYOUT_REVIEW_REASON_MAX }}
      >
        <textarea
          id={`payout-reason-${payout.id}`}
          rows={2}
          maxLength={PAYOUT_REVIEW_REASON_MAX}
          value={reason}
          onChange={(event) => onDraft({ reason: event.target.value, batchId })}
        />
      </FieldFrame>
      <div className="actions">
        <Button busy={busy === 'send'} disabled={busy !== null || !text || !mayResend} onClick={() => decide('send')}>
          {t('admin.payouts.send')}
        </Button>
        <Button
          variant="danger"
          busy={busy === 'refund'}
          disabled={busy !== null || !text}
          onClick={() => decide('refund')}
        >
          {t('admin.payouts.refund')}
        </Button>
      </div>
      {mayResend ? null : <p className="muted small">{t('admin.payouts.too-old')}</p>}
      <FieldFrame
        id={`payout-batch-${payout.id}`}
        label={t('admin.payouts.batch-id')}
        error={batchError}
        hint={t('admin.payouts.batch-hint')}
      >
        <input
          id={`payout-batch-${payout.id}`}
          value={batchId}
          maxLength={40}
          autoComplete="off"
          spellCheck={false}
          {...errorAria(`payout-batch-${payout.id}`, batchError)}
          onChange={(event) => onDraft({ reason, batchId: event.target.value })}
        />
      </FieldFrame>
      <div className="actions">
        <Button
          variant="secondary"
          busy={busy === 'batch'}
          disabled={busy !== null || !text || !batch || batchError !== null}
          onClick={() => decide('batch')}
        >
          {t('admin.payouts.record')}
        </Button>
      </div>
    </article>
  );
}
