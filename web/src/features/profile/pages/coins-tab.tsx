import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { describeLedgerEntry, inBalanceOrder } from '@versus/domain/wallet/ledger-lines';
import type { LedgerEntry } from '@versus/domain/wallet/types';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/feedback';
import { db } from '../../../lib/firebase';
import { formatCoins, formatSigned, mediumDateTime } from '../../../lib/locale';
import { LocalLink, useLocale } from '../../../lib/navigation';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session/session-store';
import { useGrowingLiveQuery } from '../../../lib/use-live-query';
import { coinHistoryQuery } from '../queries';
import '../../../i18n/standing-texts';
import '../profile.css';
import { ScrollBox } from '../../../components/scroll-box';

const PAGE_SIZE = 25;

function What({ entry }: { entry: LedgerEntry }) {
  const { t } = useTranslation();
  const { kind, link } = describeLedgerEntry(entry);
  const label = t(`standing.coins.kinds.${kind}`);
  const to = link
    ? link.to === 'tournament'
      ? paths.tournament.getHref(link.id)
      : paths.viewChallenge.getHref(link.id)
    : null;
  // The tournament's name, or a battle's other player, as it was when the coins moved (older
  // entries have none; record 139). Where it is there, it is the link: every row's link was named
  // "Tournament entry fee", whichever tournament it led to (walk AB's screen reader).
  const title = entry.title
    ? kind.startsWith('battle-')
      ? t('standing.coins.against', { name: entry.title })
      : entry.title
    : null;
  return (
    <>
      {to && !title ? <LocalLink to={to}>{label}</LocalLink> : label}
      {entry.account === 'creator' ? <span className="chip">{t('standing.coins.creator-balance')}</span> : null}
      {title ? <span className="coin-title">{to ? <LocalLink to={to}>{title}</LocalLink> : title}</span> : null}
    </>
  );
}

/**
 * The profile's Coins tab: every ledger entry of the signed-in user (their coins and, for a
 * creator, their creator balance), newest first, PAGE_SIZE more at a time.
 */
export default function CoinsTab() {
  const { t } = useTranslation();
  const locale = useLocale();
  const uid = useSession((state) => state.user?.uid ?? null);
  const isCreator = useSession((state) => Boolean(state.profile?.creatorCode));
  const entries = useGrowingLiveQuery<LedgerEntry>(
    uid ? `ledger:${uid}` : null,
    (count) => coinHistoryQuery(db, uid!, count),
    PAGE_SIZE,
  );
  // The lines of one moment (one commit) in the order their balance moved.
  const items = useMemo(() => inBalanceOrder(entries.items), [entries.items]);
  const date = mediumDateTime(locale);
  return (
    <section className="card stack" data-testid="coin-history">
      <h2>{t('standing.coins.title')}</h2>
      <p className="muted">
        {t(
          isCreator || items.some((entry) => entry.account === 'creator')
            ? 'standing.coins.intro-creator'
            : 'standing.coins.intro',
        )}
      </p>
      {entries.status === 'error' ? (
        <p className="form-error" role="alert">
          {t('standing.coins.load-failed')}
        </p>
      ) : entries.status === 'loading' && items.length === 0 ? (
        <Spinner label={t('common.loading')} />
      ) : items.length === 0 ? (
        <p className="muted">{t('standing.coins.empty')}</p>
      ) : (
        <ScrollBox label={t('standing.coins.title')}>
          <table className="table coin-history">
            <thead>
              <tr>
                <th scope="col">{t('standing.coins.what')}</th>
                <th scope="col" className="numeric">
                  {t('standing.coins.change')}
                </th>
                <th scope="col" className="numeric">
                  {t('standing.coins.balance')}
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((entry) => (
                <tr key={entry.id} data-reason={entry.reason}>
                  <td>
                    <What entry={entry} />
                    <time className="muted small" dateTime={new Date(entry.createdAt).toISOString()}>
                      {date.format(entry.createdAt)}
                    </time>
                  </td>
                  <td className={`numeric ${entry.delta > 0 ? 'coins-in' : 'coins-out'}`}>
                    {formatSigned(locale, entry.delta)}
                  </td>
                  {/* A creator's two balances share the column: each line names the one it shows
                      (walk Z read 35 after 5,000 as coins gone). */}
                  <td className="numeric">
                    {formatCoins(locale, entry.balanceAfter)}
                    {entry.account === 'creator' ? (
                      <span className="muted small coin-account">{t('standing.coins.creator-balance')}</span>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      )}
      {entries.more ? (
        <Button variant="secondary" busy={entries.status === 'loading'} onClick={entries.showMore}>
          {t('standing.coins.more')}
        </Button>
      ) : null}
    </section>
  );
}
