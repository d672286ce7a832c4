import { useEffect, useState } from 'react';
import { useCopy } from '../../../lib/use-copy';
import { useTranslation } from 'react-i18next';
import { currencyForLocale } from '@versus/domain/platform/constants';
import { CREATOR_SHARE_PERCENT, earningsByDay, payoutCents } from '@versus/domain/wallet/economics';
import { Button } from '../../../components/button';
import { CoinAmount } from '../../../components/coin-amount';
import { Spinner } from '../../../components/feedback';
import { FormError } from '../../../components/form-fields';
import { Question } from '../../../components/question';
import { useCommand } from '../../../lib/use-command';
import { useQuestionFocus } from '../../../lib/use-question-focus';
import { redeemCreatorBalance } from '../api';
import { dateTimeFormat, formatCents, formatCoins } from '../../../lib/locale';
import { LocalLink, useLocale } from '../../../lib/navigation';
import { useSession } from '../../../lib/session/session-store';
import { useWalletSettings } from '../../../lib/use-wallet-settings';
import { useCreatorData } from '../creator-data-store';
import { paths } from '../../../lib/paths';
import '../creators.css';
import '../../../i18n/page-texts';

const CHART_DAYS = 14;

/**
 * Small bar chart of earnings per day. Its figures are written out too: a line under it (the days'
 * total and the best day, readable on a phone, where a bar's hover title never shows) and a table
 * a screen reader reads day by day (record 143); the bars themselves are decoration.
 */
function EarningsChart({ timeDataSet }: { timeDataSet: Record<string, number> }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const days = earningsByDay(timeDataSet, Date.now(), CHART_DAYS);
  const max = Math.max(1, ...days.map((day) => day.coins));
  const dayName = dateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const nameOf = (day: string) => dayName.format(new Date(`${day}T00:00:00Z`));
  const total = days.reduce((sum, day) => sum + day.coins, 0);
  const best = days.reduce((top, day) => (day.coins > top.coins ? day : top), days[0]!);
  return (
    <figure className="earnings-chart">
      <svg viewBox={`0 0 ${CHART_DAYS * 10} 40`} aria-hidden preserveAspectRatio="none">
        {days.map((day, index) => {
          const height = (day.coins / max) * 36;
          return (
            <rect key={day.day} x={index * 10 + 1} y={38 - height} width={8} height={Math.max(height, 0.5)} rx={1}>
              <title>
                {t('creator.chart-day', {
                  day: nameOf(day.day),
                  coins: formatCoins(locale, day.coins),
                  count: day.coins,
                })}
              </title>
            </rect>
          );
        })}
      </svg>
      <figcaption className="muted small">
        {t('creator.chart-label')}
        {': '}
        <span data-testid="chart-summary">
          {total > 0
            ? t('creator.chart-summary', {
                total: formatCoins(locale, total),
                day: nameOf(best.day),
                best: formatCoins(locale, best.coins),
                count: total,
              })
            : t('creator.chart-none')}
        </span>
      </figcaption>
      <table className="visually-hidden">
        <caption>{t('creator.chart-label')}</caption>
        <tbody>
          {days.map((day) => (
            <tr key={day.day}>
              <th scope="row">{nameOf(day.day)}</th>
              <td>{formatCoins(locale, day.coins)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

/** The creator dropdown's content: code, earnings, supporters, chart, progress or redeem. */
export default function CreatorPanel({ code }: { code: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const uid = useSession((state) => state.user?.uid ?? '');
  const { data: stored, uid: owner, fetchedAt, loading, error, load } = useCreatorData();
  const data = owner === uid ? stored : null;
  const paypal = useSession((state) => state.account?.connectedPaypal ?? null);
  const { settings } = useWalletSettings();
  const minimum = settings.minimumWithdrawal;
  const currency = currencyForLocale(locale);
  const copied = useCopy();
  // A payout cannot be taken back: the first click asks once more, naming the money and the account.
  // The balance the question named: a reload with another figure drops the question.
  const [confirming, setConfirming] = useState<number | null>(null);
  const focus = useQuestionFocus(confirming);
  const [message, setMessage] = useState<{ ok: boolean; held?: boolean; text: string } | null>(null);
  const redemption = useCommand((key, bucks: number) => redeemCreatorBalance(bucks, currency, key), {
    idempotent: true,
  });

  useEffect(() => {
    if (uid) void load(uid);
  }, [load, uid]);

  const balance = data ? Math.floor(data.currentBalance) : 0;

  const shown = message ?? (redemption.error ? { ok: false, text: redemption.error } : null);

  async function redeem(bucks: number) {
    setMessage(null);
    const answer = await redemption.run(bucks);
    setConfirming(null);
    if (answer.ok) {
      setMessage(
        answer.value.state === 'FAILED'
          ? { ok: false, text: t('creator.redeem-failed') }
          : answer.value.state === 'PENDING'
            ? { ok: true, held: true, text: t('creator.redeem-pending', { coins: formatCoins(locale, bucks) }) }
            : { ok: true, text: t('creator.redeemed', { coins: formatCoins(locale, bucks) }) },
      );
    }
    // SPEC §7: creator data reloads after redeeming.
    void load(uid, { force: true });
  }

  return (
    <div className="menu creator-panel" data-testid="creator-panel">
      <div className="menu-heading">{t('creator.your-code')}</div>
      <button
        type="button"
        className="copy-code"
        title={copied.result === 'copied' ? t('common.copied') : t('common.copy')}
        onClick={() => void copied.copy(code)}
        onMouseLeave={copied.clear}
      >
        <code>{code}</code>
        <span className="copy-state">{copied.result === 'copied' ? t('common.copied') : t('common.copy')}</span>
      </button>
      {data ? (
        <>
          <dl className="creator-stats">
            <div>
              <dt>{t('creator.balance')}</dt>
              {/* In coins, as the header's balance shows them (walk Z read a bare 35). */}
              <dd data-testid="creator-balance">
                <CoinAmount value={balance} />
              </dd>
            </div>
            <div>
              <dt>{t('creator.supporters')}</dt>
              <dd data-testid="creator-supporters">{formatCoins(locale, data.numberSupporting)}</dd>
            </div>
          </dl>
          <EarningsChart timeDataSet={data.timeDataSet} />
          {/* How old the figures are (record 132): SPEC §9 reloads them at most every 30 s. */}
          <p className="muted small" data-testid="creator-updated">
            {t('creator.updated', { time: dateTimeFormat(locale, { timeStyle: 'medium' }).format(fetchedAt) })}
          </p>
          {balance >= minimum ? (
            paypal && confirming === balance ? (
              <Question
                ref={focus.question}
                className="stack-tight redeem-confirm"
                textClassName="small"
                testId="redeem-confirm"
                text={t('creator.redeem-confirm', {
                  coins: formatCoins(locale, balance),
                  amount: formatCents(locale, payoutCents(balance, settings.payoutCentsPer100Coins), currency),
                  email: paypal.email,
                })}
                busy={redemption.busy}
                onBack={() => setConfirming(null)}
              >
                <Button busy={redemption.busy} onClick={() => void redeem(balance)}>
                  {t('creator.redeem-confirm-submit')}
                </Button>
              </Question>
            ) : paypal ? (
              <Button
                ref={focus.start}
                onClick={() => {
                  setMessage(null);
                  setConfirming(balance);
                }}
              >
                {t('creator.redeem', { coins: formatCoins(locale, balance) })}
              </Button>
            ) : (
              <LocalLink className="btn btn-primary" to={paths.paypalConnect.getHref()}>
                {t('creator.needs-paypal')}
              </LocalLink>
            )
          ) : (
            <div className="stack-tight">
              <div
                className="meter"
                role="progressbar"
                aria-valuemin={0}
                aria-valuemax={minimum}
                aria-valuenow={balance}
                aria-label={t('creator.balance')}
              >
                <div className="meter-fill" style={{ width: `${Math.min(100, (balance / minimum) * 100)}%` }} />
              </div>
              <p className="muted small">
                {t('creator.remaining', { coins: formatCoins(locale, minimum - balance), count: minimum - balance })}
              </p>
            </div>
          )}
        </>
      ) : loading ? (
        <Spinner label={t('common.loading')} />
      ) : null}
      {error && !data ? <FormError message={t('creator.load-failed')} /> : null}
      {shown ? (
        <p className={shown.ok ? `success small${shown.held ? ' held' : ''}` : 'form-error small'} role="status">
          {shown.text}
        </p>
      ) : null}
      <p className="muted small">
        {t('creator.share-hint', {
          percent: CREATOR_SHARE_PERCENT,
          amount: formatCents(locale, payoutCents(100, settings.payoutCentsPer100Coins), currency),
        })}
      </p>
    </div>
  );
}
