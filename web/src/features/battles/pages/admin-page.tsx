import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { battleDeadline, bothSidesHeard } from '@versus/domain/battles/battle';
import { CoinAmount } from '../../../components/coin-amount';
import { EmptyState, Spinner } from '../../../components/feedback';
import { FormError } from '../../../components/form-fields';
import { PageHeader } from '../../../components/page-header';
import { LocalLink, usePageTitle } from '../../../lib/navigation';
import { useDisputedBattles } from '../api';
import { AdminDecision } from '../components/admin-decision';
import { CampaignAdmin } from '../components/campaign-admin';
import { ApiUsageAdmin } from '../components/api-usage-admin';
import { Countdown } from '../../../components/countdown';
import { useNow } from '../../../lib/use-now';
import { DisputeStories } from '../components/dispute-stories';
import { PlayerChip } from '../../../components/player-chip';
import { paths } from '../../../lib/paths';
import { shownName } from '../../../lib/player-name';
import '../battles.css';
import '../../../i18n/page-texts';

/**
 * Platform admin (custom claim `admin`, SPEC §6): battles in dispute, withdrawals waiting for review
 * (the wallet's section, composed in app/pages/admin.tsx), the monthly campaign and the tournaments'
 * prize caps (the tournaments' section, composed there too).
 */
export function AdminPage({ payouts, tournaments }: { payouts: ReactNode; tournaments?: ReactNode }) {
  const { t } = useTranslation();
  usePageTitle(t('admin.title'));
  const disputed = useDisputedBattles();
  const now = useNow();
  const [done, setDone] = useState<string | null>(null);
  // The decided card leaves and the page shifts up under the admin: the outcome is brought into view.
  const doneLine = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (done) doneLine.current?.scrollIntoView({ block: 'nearest' });
  }, [done]);
  return (
    <div className="page">
      <PageHeader title={t('admin.title')} subtitle={t('admin.subtitle')} />
      <section className="card" data-testid="admin-disputes">
        <h2>{t('admin.disputes.title')}</h2>
        {/* The decided battle leaves the list at once: this says what became of it. */}
        <p ref={doneLine} className="success" role="status" aria-live="polite" data-testid="admin-dispute-done">
          {done}
        </p>
        {disputed.status === 'loading' ? (
          <Spinner label={t('common.loading')} />
        ) : disputed.status === 'error' ? (
          <FormError message={t('admin.disputes.load-failed')} />
        ) : disputed.items.length === 0 ? (
          <EmptyState title={t('admin.disputes.empty')} level={3} />
        ) : (
          disputed.items.map((battle) => (
            <article key={battle.id} className="admin-dispute" data-testid="admin-dispute">
              <header className="versus-row">
                <PlayerChip player={battle.players[battle.participants[0]]!} />
                <span className="versus-mark">{t('battles.vs')}</span>
                <PlayerChip player={battle.players[battle.participants[1]]!} />
              </header>
              <p className="muted">
                {t(`games.${battle.game}`)} · {t('battles.prize')} <CoinAmount value={battle.prize} /> ·{' '}
                {battle.submittedWinner
                  ? t('admin.disputes.reported', { winner: battle.players[battle.submittedWinner]?.displayName ?? '' })
                  : null}{' '}
                <LocalLink to={paths.battle.getHref(battle.id)}>{t('battles.lists.open')}</LocalLink>
              </p>
              <p>
                {bothSidesHeard(battle) ? (
                  t('admin.disputes.ready')
                ) : battle.awaitingAdmin ? (
                  t('admin.disputes.ready-closed')
                ) : (
                  <>
                    {t('admin.disputes.window')} <Countdown until={battleDeadline(battle)} now={now} />
                  </>
                )}
              </p>
              <DisputeStories battle={battle} />
              <AdminDecision
                battle={battle}
                now={now}
                onDone={(winner) => {
                  const name = (uid: string) => shownName(t, battle.players[uid]?.displayName);
                  const players = battle.participants.map(name).join(' – ');
                  setDone(
                    winner
                      ? t('admin.disputes.decided', { winner: name(winner), players })
                      : t('admin.disputes.cancelled', { players }),
                  );
                }}
              />
            </article>
          ))
        )}
      </section>
      {payouts}
      <CampaignAdmin />
      {tournaments}
      <ApiUsageAdmin />
    </div>
  );
}
