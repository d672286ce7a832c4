import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { battlePrize, challengeIsActive } from '@versus/domain/battles/battle';
import { Button } from '../../../components/button';
import { NotEnoughCoins } from '../../../components/not-enough-coins';
import { CoinAmount } from '../../../components/coin-amount';
import { EmptyState, Spinner } from '../../../components/feedback';
import { FormError } from '../../../components/form-fields';
import { PageHeader } from '../../../components/page-header';
import { focusMainIfLost } from '../../../lib/focus-main';
import { formatCoins } from '../../../lib/locale';
import { LocalLink, useLocale, useLocalNavigate, usePageTitle } from '../../../lib/navigation';
import { useSession } from '../../../lib/session/session-store';
import { acceptChallenge, declineChallenge, useChallenge, withdrawChallenge } from '../api';
import { Deadline } from '../../../components/countdown';
import { useCommand } from '../../../lib/use-command';
import { useNow } from '../../../lib/use-now';
import { PlayerChip } from '../../../components/player-chip';
import { paths } from '../../../lib/paths';
import '../battles.css';
import '../../../i18n/page-texts';

type ChallengeAction = 'accept' | 'decline' | 'withdraw';

export default function ViewChallengePage() {
  const { t } = useTranslation();
  usePageTitle(t('battles.view-challenge.title'));
  const { id } = useParams();
  const navigate = useLocalNavigate();
  const locale = useLocale();
  const uid = useSession((state) => state.user?.uid);
  const funds = useSession((state) => state.account?.funds ?? 0);
  const verified = useSession((state) => state.user?.emailVerified === true);
  const challenge = useChallenge(id);
  const now = useNow();
  const [busy, setBusy] = useState<ChallengeAction | null>(null);
  // A decline stays busy until its challenge closes (below); another challenge opened from here (a
  // banner, a notification) is this page again, and starts afresh.
  useEffect(() => setBusy(null), [id]);
  // Accepting holds the entry fee, so it carries an Idempotency-Key (DESIGN §7).
  const answer = useCommand(
    (key, action: ChallengeAction, challengeId: string) =>
      action === 'accept'
        ? acceptChallenge(challengeId, key)
        : action === 'decline'
          ? declineChallenge(challengeId)
          : withdrawChallenge(challengeId),
    { idempotent: true },
  );

  // Both players move on to the battle the moment it exists.
  const battleId = challenge.status === 'ready' ? challenge.data.battleId : null;
  useEffect(() => {
    if (battleId) void navigate(paths.battle.getHref(battleId), { replace: true });
  }, [battleId, navigate]);

  const open = challenge.status === 'ready' && challengeIsActive(challenge.data, now);
  // Withdrawn or declined from here, the card and its pressed button go: the page's content takes
  // the keyboard, and a screen reader reads how it closed (walk AC: it fell to the page's body).
  const isClosed = challenge.status !== 'loading' && !open;
  useEffect(() => {
    if (isClosed) focusMainIfLost();
  }, [isClosed]);

  if (challenge.status === 'loading') return <Spinner label={t('common.loading')} />;
  if (challenge.status !== 'ready' || !open) {
    // A closed challenge says how it closed, by whom, and where the entry fee went.
    let body: string = t('battles.view-challenge.missing.body');
    if (challenge.status === 'ready') {
      const closed = challenge.data;
      const challenger = closed.challenger.uid === uid;
      const state = closed.state === 'PENDING' ? 'EXPIRED' : closed.state;
      const fee = closed.entryFee > 0 ? 'fee' : 'free';
      body = t(
        `battles.view-challenge.closed.${state}.${challenger ? 'challenger' : 'opponent'}.${fee}` as 'battles.view-challenge.closed.DECLINED.challenger.fee',
        {
          name: (challenger ? closed.opponent : closed.challenger).displayName,
          fee: formatCoins(locale, closed.entryFee),
        },
      );
    }
    return (
      <div className="page page-narrow">
        <PageHeader title={t('battles.view-challenge.title')} />
        <EmptyState
          title={t(
            challenge.status === 'ready'
              ? 'battles.view-challenge.closed.title'
              : 'battles.view-challenge.missing.title',
          )}
          action={
            <LocalLink className="btn btn-secondary" to={paths.myGames.getHref()}>
              {t('user-menu.my-games')}
            </LocalLink>
          }
        >
          <span data-testid="challenge-closed">{body}</span>
        </EmptyState>
      </div>
    );
  }

  const { data } = challenge;
  const mine = data.challenger.uid === uid;
  const short = !mine && verified && data.entryFee > funds;
  const act = async (action: ChallengeAction) => {
    setBusy(action);
    const result = await answer.run(action, data.id);
    // Accepting moves both players to the battle (the effect above). A decline or a withdrawal stays
    // here, busy until the live challenge closes the card: the page then says what became of it and
    // of the fee, with the way to My games.
    if (!result.ok || action === 'accept') setBusy(null);
  };

  return (
    <div className="page page-narrow">
      <PageHeader title={t('battles.view-challenge.title')} />
      <section className="card battle-card" data-testid="challenge-card">
        <div className="versus-row">
          <PlayerChip player={data.challenger} size={48} />
          <span className="versus-mark">{t('battles.vs')}</span>
          <PlayerChip player={data.opponent} size={48} />
        </div>
        <dl className="battle-terms">
          <dt>{t('battles.game')}</dt>
          <dd>{t(`games.${data.game}`)}</dd>
          <dt>{t('battles.entry-fee')}</dt>
          <dd>{data.entryFee > 0 ? <CoinAmount value={data.entryFee} /> : t('battles.free')}</dd>
          <dt>{t('battles.prize')}</dt>
          <dd>{data.entryFee > 0 ? <CoinAmount value={battlePrize(data.entryFee)} /> : t('battles.no-prize')}</dd>
          <dt>{t('battles.view-challenge.expires')}</dt>
          <dd>
            <Deadline until={data.expires} now={now} />
          </dd>
        </dl>
        <p>
          {/* A free challenge holds no fee: it says nothing of one. */}
          {mine
            ? t(data.entryFee > 0 ? 'battles.view-challenge.waiting' : 'battles.view-challenge.waiting-free', {
                name: data.opponent.displayName,
              })
            : t(data.entryFee > 0 ? 'battles.view-challenge.invited' : 'battles.view-challenge.invited-free', {
                name: data.challenger.displayName,
              })}
        </p>
        {short ? (
          <NotEnoughCoins
            text={t('battles.challenge.not-enough-coins', {
              fee: formatCoins(locale, data.entryFee),
              funds: formatCoins(locale, funds),
            })}
          />
        ) : null}
        <FormError message={answer.error} />
        <div className="actions">
          {mine ? (
            <Button
              variant="secondary"
              busy={busy === 'withdraw'}
              disabled={busy !== null}
              onClick={() => void act('withdraw')}
            >
              {t('battles.view-challenge.withdraw')}
            </Button>
          ) : (
            <>
              <Button
                busy={busy === 'accept'}
                disabled={busy !== null || short || !verified}
                onClick={() => void act('accept')}
              >
                {t('battles.view-challenge.accept')}
              </Button>
              <Button
                variant="secondary"
                busy={busy === 'decline'}
                disabled={busy !== null}
                onClick={() => void act('decline')}
              >
                {t('battles.view-challenge.decline')}
              </Button>
            </>
          )}
        </div>
      </section>
    </div>
  );
}
