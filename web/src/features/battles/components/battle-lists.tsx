import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  battleIsOver,
  battleStage,
  challengeIsActive,
  opponentOf,
  type Battle,
  type Challenge,
} from '@versus/domain/battles/battle';
import { CoinAmount } from '../../../components/coin-amount';
import { Spinner } from '../../../components/feedback';
import { LocalLink } from '../../../lib/navigation';
import { useSession } from '../../../lib/session/session-store';
import { useActiveBattles, useMyBattles, usePendingChallenges } from '../api';
import { Countdown } from '../../../components/countdown';
import { useNow } from '../../../lib/use-now';
import { PlayerChip } from '../../../components/player-chip';
import { paths } from '../../../lib/paths';
import '../battles.css';

export type BattleSection = 'new-challenges' | 'outgoing-challenges' | 'active-battles' | 'recent-battles';

/** A row's amount, named for a screen reader (what it is shows in the row's other parts). */
const Fee = ({ fee, what }: { fee: number; what: 'fee' | 'prize' | 'lost' }) => {
  const { t } = useTranslation();
  // An element either way: a narrow row places its parts by position (battles.css).
  return fee > 0 ? (
    <span>
      <span className="visually-hidden">{t(`battles.lists.amount-${what}`)} </span>
      <CoinAmount value={fee} />
    </span>
  ) : (
    <span>{t('battles.free')}</span>
  );
};

function ChallengeRow({ challenge, uid, now }: { challenge: Challenge; uid: string; now: number }) {
  const { t } = useTranslation();
  const other = challenge.challenger.uid === uid ? challenge.opponent : challenge.challenger;
  return (
    <li className="battle-row" data-testid="challenge-row">
      <PlayerChip player={other} link={false} size={28} />
      <span className="muted">{t(`games.${challenge.game}`)}</span>
      <Fee fee={challenge.entryFee} what="fee" />
      {/* "Expires in 29:17": a bare 29:17 read as a clock time or a score (record 127). */}
      <span>
        {t('battles.lists.expires')} <Countdown until={challenge.expires} now={now} phrased />
      </span>
      <LocalLink
        className="btn btn-small btn-secondary"
        to={paths.viewChallenge.getHref(challenge.id)}
        aria-label={t('battles.lists.open-challenge', { name: other.displayName })}
      >
        {t('battles.lists.open')}
      </LocalLink>
    </li>
  );
}

function BattleRow({ battle, uid, now }: { battle: Battle; uid: string; now: number }) {
  const { t } = useTranslation();
  const stage = battleStage(battle, uid, now);
  const outcome = !battleIsOver(battle)
    ? null
    : battle.state === 'CANCELLED'
      ? 'cancelled'
      : battle.winner?.id === uid
        ? 'won'
        : 'lost';
  const label =
    outcome === null
      ? t(`battles.stages.${stage}`)
      : outcome === 'cancelled'
        ? t('battles.states.CANCELLED')
        : t(`battles.lists.${outcome}`);
  const opponent = battle.players[opponentOf(battle, uid)]!;
  return (
    <li className="battle-row" data-testid="battle-row">
      <PlayerChip player={opponent} link={false} size={28} />
      <span className="muted">{t(`games.${battle.game}`)}</span>
      {/* What the row's player won, lost or plays for: a lost battle cost its entry fee, not the prize. */}
      <Fee fee={outcome === 'lost' ? battle.entryFee : battle.prize} what={outcome === 'lost' ? 'lost' : 'prize'} />
      <span className={`status status-${battle.state.toLowerCase()}`}>{label}</span>
      <LocalLink
        className="btn btn-small btn-secondary"
        to={paths.battle.getHref(battle.id)}
        aria-label={t('battles.lists.open-battle', { name: opponent.displayName })}
      >
        {t('battles.lists.open')}
      </LocalLink>
    </li>
  );
}

/** The player's challenges and battles, live, in the sections a page asks for. */
export function BattleLists({ sections }: { sections: BattleSection[] }) {
  const { t } = useTranslation();
  const uid = useSession((state) => state.user?.uid);
  const now = useNow();
  const challenges = usePendingChallenges(uid);
  // The latest 20 for Recent results only: a page without them (My games) reads none.
  const battles = useMyBattles(sections.includes('recent-battles') ? uid : undefined);
  const active = useActiveBattles(uid);
  if (!uid) return null;

  const open = challenges.status === 'ready' ? challenges.items.filter((item) => challengeIsActive(item, now)) : [];
  const mine = battles.status === 'ready' ? battles.items : [];
  const lists: Record<BattleSection, { loading: boolean; rows: ReactNode[] }> = {
    'new-challenges': {
      loading: challenges.status === 'loading',
      rows: open
        .filter((item) => item.opponent.uid === uid)
        .map((item) => <ChallengeRow key={item.id} challenge={item} uid={uid} now={now} />),
    },
    'outgoing-challenges': {
      loading: challenges.status === 'loading',
      rows: open
        .filter((item) => item.challenger.uid === uid)
        .map((item) => <ChallengeRow key={item.id} challenge={item} uid={uid} now={now} />),
    },
    'active-battles': {
      loading: active.status === 'loading',
      // Copied to sort: the live list is the query's own.
      rows: (active.status === 'ready' ? [...active.items] : [])
        .sort((a, b) => b.createdAt - a.createdAt)
        .map((item) => <BattleRow key={item.id} battle={item} uid={uid} now={now} />),
    },
    'recent-battles': {
      loading: battles.status === 'loading',
      rows: mine.filter(battleIsOver).map((item) => <BattleRow key={item.id} battle={item} uid={uid} now={now} />),
    },
  };
  return (
    <>
      {sections.map((section) => (
        <section key={section} className="card" data-testid={`my-games-${section}`}>
          <h2>{t(`my-games.sections.${section}.title`)}</h2>
          {lists[section].loading ? (
            <Spinner label={t('common.loading')} />
          ) : lists[section].rows.length > 0 ? (
            <ul className="battle-list">{lists[section].rows}</ul>
          ) : (
            <p className="muted">{t(`my-games.sections.${section}.empty`)}</p>
          )}
        </section>
      ))}
    </>
  );
}
