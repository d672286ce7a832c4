import { Formik } from 'formik';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ValidationError } from 'yup';
import { currencyForLocale } from '@versus/domain/platform/constants';
import { payoutCents, withdrawableCoins, type PayoutState } from '@versus/domain/wallet/economics';
import type { Payout } from '@versus/domain/wallet/types';
import { withdrawFormSchema } from '@versus/domain/wallet/schemas';
import { Button } from '../../../components/button';
import { EmptyState, Spinner } from '../../../components/feedback';
import { FormError, TextField, CheckedForm } from '../../../components/form-fields';
import { Question } from '../../../components/question';
import { db } from '../../../lib/firebase';
import { formatCents, formatCoins, mediumDateTime } from '../../../lib/locale';
import { LocalLink, useLocale } from '../../../lib/navigation';
import { useSession } from '../../../lib/session/session-store';
import { useLiveQuery } from '../../../lib/use-live-query';
import { useWalletSettings } from '../../../lib/use-wallet-settings';
import { useCommand } from '../../../lib/use-command';
import { useQuestionFocus } from '../../../lib/use-question-focus';
import { withdraw } from '../api';
import { payoutHistoryQuery } from '../queries';
import { paths } from '../../../lib/paths';
import '../profile.css';
import '../../../i18n/page-texts';
import { ScrollBox } from '../../../components/scroll-box';

/** A withdrawal's state as the player reads it: one PayPal has not answered for a week is under review. */
const shownState = (payout: Payout) => (payout.state === 'PENDING' && payout.needsReview ? 'REVIEW' : payout.state);

function History({ uid }: { uid: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const payouts = useLiveQuery<Payout>(`payouts:${uid}`, () => payoutHistoryQuery(db, uid));
  const date = mediumDateTime(locale);
  return (
    <section className="card stack">
      <h2>{t('profile.withdraw.history')}</h2>
      {payouts.status === 'loading' ? (
        <Spinner label={t('common.loading')} />
      ) : payouts.status === 'error' ? (
        <FormError message={t('profile.withdraw.history-failed')} />
      ) : payouts.items.length === 0 ? (
        <p className="muted">{t('profile.withdraw.history-empty')}</p>
      ) : (
        <ScrollBox label={t('profile.withdraw.history')}>
          <table className="table payout-history" data-testid="payout-history">
            <thead>
              <tr>
                <th scope="col">{t('profile.withdraw.date')}</th>
                <th scope="col">{t('profile.withdraw.payout')}</th>
                <th scope="col">{t('profile.withdraw.state')}</th>
              </tr>
            </thead>
            <tbody>
              {payouts.items.map((payout) => (
                <tr key={payout.id}>
                  <td>{date.format(payout.createdAt)}</td>
                  <td>
                    {formatCents(locale, payout.amountCents, payout.currency)}
                    {/* Three columns, so a phone shows the state without scrolling the table. */}
                    <div className="muted small">
                      {t(
                        payout.source === 'creator'
                          ? 'profile.withdraw.coins-from-creator'
                          : 'profile.withdraw.coins-from-funds',
                        { coins: formatCoins(locale, payout.bucks) },
                      )}
                    </div>
                  </td>
                  <td>
                    <span className={`chip state-${payout.state.toLowerCase()}`}>
                      {t(`profile.withdraw.states.${shownState(payout)}`)}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      )}
      {/* What a withdrawal not settled yet waits for, said once under the list (a reload had shown
          only "Requested"; a walk's). */}
      {(['REVIEW', 'PENDING'] as const)
        .filter((state) => payouts.status === 'ready' && payouts.items.some((payout) => shownState(payout) === state))
        .map((state) => (
          <p key={state} className="muted small" data-testid={`payout-${state.toLowerCase()}-note`}>
            {t(`profile.withdraw.state-notes.${state}`)}
          </p>
        ))}
    </section>
  );
}

export default function WithdrawTab() {
  const { t } = useTranslation();
  const locale = useLocale();
  const uid = useSession((state) => state.user?.uid ?? null);
  const verified = useSession((state) => state.user?.emailVerified === true);
  const funds = useSession((state) => state.account?.funds ?? 0);
  const withdrawable = useSession((state) => withdrawableCoins(state.account?.funds ?? 0, state.account?.unplayed));
  const paypal = useSession((state) => state.account?.connectedPaypal ?? null);
  const isCreator = useSession((state) => Boolean(state.profile?.creatorCode));
  const { settings } = useWalletSettings();
  const currency = currencyForLocale(locale);
  const [result, setResult] = useState<{ state: PayoutState; amount: string } | null>(null);
  // A withdrawal cannot be taken back: submitting asks once more, naming the amount and the
  // account; only the question's own button sends it. Another amount in the field hides it.
  const [confirming, setConfirming] = useState<number | null>(null);
  // Only the question's own button sends: Enter in the field submits the form, which asks again.
  const confirmed = useRef(false);
  const focus = useQuestionFocus(confirming);
  // One key per intended withdrawal: a double submit or a retry after a lost answer pays once.
  const withdrawal = useCommand((key, bucks: number) => withdraw(bucks, currency, key), { idempotent: true });
  const amountOf = (bucks: number) =>
    formatCents(locale, payoutCents(bucks, settings.payoutCentsPer100Coins), currency);

  return (
    <div className="stack">
      <section className="card">
        <h2>{t('profile.withdraw.balance')}</h2>
        <p className="big-number" data-testid="withdraw-balance">
          {formatCoins(locale, funds)}
        </p>
        <p data-testid="withdrawable">
          {t('profile.withdraw.withdrawable', {
            withdrawable: formatCoins(locale, withdrawable),
            amount: amountOf(withdrawable),
            count: withdrawable,
          })}
        </p>
        {withdrawable < funds ? (
          <p className="muted small">
            {t('profile.withdraw.unplayed', {
              unplayed: formatCoins(locale, funds - withdrawable),
              count: funds - withdrawable,
            })}
          </p>
        ) : null}
        {isCreator ? (
          <p className="muted small" data-testid="withdraw-creator">
            {t('profile.withdraw.creator')}
          </p>
        ) : null}
      </section>
      <section className="card stack" data-testid="withdraw-form">
        <h2>{t('profile.withdraw.title')}</h2>
        <p className="muted">
          {t('profile.withdraw.body', {
            rate: formatCoins(locale, 100),
            unit: formatCents(locale, settings.payoutCentsPer100Coins, currency),
            minimum: formatCoins(locale, settings.minimumWithdrawal),
          })}
        </p>
        {/* What the last withdrawal did, before the form or the line that says what it leaves (a walk
            read "you cannot withdraw yet" above "Paid"): one live region, always in the page, so a
            screen reader hears it whichever answer comes first, the command's or the balance's. */}
        <div role="status">
          {result ? (
            <p
              className={
                result.state === 'FAILED' ? 'form-error' : result.state === 'PENDING' ? 'success held' : 'success'
              }
              data-testid="withdraw-result"
            >
              {result.state === 'PAID'
                ? t('profile.withdraw.paid', { amount: result.amount })
                : result.state === 'FAILED'
                  ? t('profile.withdraw.failed', { email: paypal?.email ?? '' })
                  : result.state === 'PENDING'
                    ? t('profile.withdraw.pending')
                    : t('profile.withdraw.processing')}
            </p>
          ) : null}
        </div>
        {!verified ? (
          <p className="notice">{t('profile.withdraw.needs-verified')}</p>
        ) : withdrawable < settings.minimumWithdrawal ? (
          // Below the minimum no amount passes both bounds: say so instead of a form that refuses each.
          <p className="notice" data-testid="withdraw-not-yet">
            {t('profile.withdraw.not-yet', {
              minimum: formatCoins(locale, settings.minimumWithdrawal),
              withdrawable: formatCoins(locale, withdrawable),
              short: formatCoins(locale, settings.minimumWithdrawal - withdrawable),
              count: settings.minimumWithdrawal - withdrawable,
            })}
          </p>
        ) : !paypal ? (
          <EmptyState
            level={3}
            title={t('profile.withdraw.needs-account')}
            action={
              <LocalLink className="btn btn-primary" to={paths.paypalConnect.getHref()}>
                {t('profile.withdraw.connect-account')}
              </LocalLink>
            }
          />
        ) : (
          <Formik
            initialValues={{ bucks: '' }}
            validate={async ({ bucks }) => {
              try {
                await withdrawFormSchema(settings.minimumWithdrawal, withdrawable).validate({
                  bucks: bucks === '' ? undefined : Number(bucks),
                });
                return {};
              } catch (error) {
                if (!(error instanceof ValidationError)) throw error;
                return {
                  bucks: t(error.message as never, {
                    minimum: formatCoins(locale, settings.minimumWithdrawal),
                    funds: formatCoins(locale, withdrawable),
                  }) as string,
                };
              }
            }}
            onSubmit={async ({ bucks }, helpers) => {
              setResult(null);
              const sending = confirmed.current && confirming === Number(bucks);
              confirmed.current = false;
              if (!sending) {
                setConfirming(Number(bucks));
                return;
              }
              const answer = await withdrawal.run(Number(bucks));
              if (!answer.ok) return;
              setConfirming(null);
              setResult({ state: answer.value.state, amount: amountOf(answer.value.bucks) });
              helpers.resetForm();
            }}
          >
            {({ isSubmitting, values, submitForm }) => (
              <CheckedForm className="stack">
                <TextField
                  name="bucks"
                  type="number"
                  inputMode="numeric"
                  min={settings.minimumWithdrawal}
                  max={withdrawable}
                  step={1}
                  label={t('profile.withdraw.amount')}
                  hint={
                    Number(values.bucks) > 0
                      ? t('profile.withdraw.you-get', { amount: amountOf(Math.floor(Number(values.bucks))) })
                      : undefined
                  }
                  required
                />
                <p className="muted small">{t('profile.withdraw.to-account', { email: paypal.email })}</p>
                {confirming !== null && confirming === Number(values.bucks) ? (
                  <Question
                    ref={focus.question}
                    className="notice stack"
                    testId="withdraw-confirm"
                    text={t('profile.withdraw.confirm', {
                      coins: formatCoins(locale, confirming),
                      amount: amountOf(confirming),
                      email: paypal.email,
                    })}
                    busy={isSubmitting}
                    onBack={() => setConfirming(null)}
                  >
                    <Button
                      busy={isSubmitting}
                      onClick={() => {
                        confirmed.current = true;
                        void submitForm();
                      }}
                    >
                      {t('profile.withdraw.confirm-submit', { amount: amountOf(confirming) })}
                    </Button>
                  </Question>
                ) : (
                  <Button type="submit" busy={isSubmitting} ref={focus.start}>
                    {t('profile.withdraw.submit')}
                  </Button>
                )}
              </CheckedForm>
            )}
          </Formik>
        )}
        <FormError message={withdrawal.error} />
      </section>
      {uid ? <History uid={uid} /> : null}
    </div>
  );
}
