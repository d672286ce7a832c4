import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type TouchEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  byRoundAndNumber,
  isPlayableRound,
  roundLabel,
  sidesOf,
  type TournamentMatch,
} from '@versus/domain/tournaments/play';
import type { Tournament } from '@versus/domain/tournaments/tournament';
import '../../../i18n/play-texts';
import { TabList } from '../../../components/tab-list';

type Match = TournamentMatch & { id: string };

const MIN_ZOOM = 0.5;

/** What a match card says of its state (issue: waiting, ready, reported by one side, disputed, decided). */
export type MatchLabel =
  'waiting' | 'if-needed' | 'check-in' | 'ready' | 'reported' | 'disputed' | 'decided' | 'no-show' | 'bye';
/** Double elimination's grand final reset, played only if the losers bracket's finalist wins the first. */
const isReset = (match: TournamentMatch) =>
  match.group === 'FINAL' && match.round === 2 && (match.state === 'LOCKED' || match.state === 'WAITING');
export const matchLabel = (match: TournamentMatch): MatchLabel =>
  match.state === 'BYE'
    ? 'bye'
    : match.state === 'COMPLETED'
      ? match.outcome === 'NO_SHOW'
        ? 'no-show'
        : 'decided'
      : match.state === 'DISPUTED'
        ? 'disputed'
        : match.state === 'READY'
          ? Object.keys(match.reports ?? {}).length > 0
            ? 'reported'
            : match.checkInCloses
              ? 'check-in'
              : 'ready'
          : isReset(match)
            ? 'if-needed'
            : 'waiting';

/** A round with nothing to play (only byes and empty slots) is hidden (SPEC §3 UNPLAYABLE rounds). */

export interface BracketProps {
  tournament: Pick<Tournament, 'participants' | 'seeds'>;
  matches: Match[];
  /** The viewer's entrant: their matches (their path) are highlighted. */
  highlight?: string | null;
  /** The host picks a match to set or change its winner. */
  onSelect?: (match: Match) => void;
  /** The bracket's own name for its test id and its round tabs (double elimination has three). */
  name?: string;
  /** Its title where a page shows three: its round tabs are named by it ("Rounds of the Losers bracket"). */
  title?: string;
  /** Double elimination: all three brackets' matches, whose losers the losers bracket's empty slots name. */
  all?: Match[];
}

/**
 * An elimination bracket as the page shows it: one bracket for single elimination; for double
 * elimination the winners bracket, the losers bracket and the grand final, each with its own round
 * tabs on a phone.
 */
export function EliminationBrackets(props: Omit<BracketProps, 'name' | 'title'>) {
  const { t } = useTranslation();
  if (!props.matches.some((match) => match.group)) return <Bracket {...props} />;
  const groups = [
    { group: 'WINNERS', title: t('tournaments.bracket.winners') },
    { group: 'LOSERS', title: t('tournaments.bracket.losers') },
    { group: 'FINAL', title: t('tournaments.bracket.grand-final') },
  ] as const;
  return (
    <div className="brackets" data-testid="double-elimination">
      {groups.map(({ group, title }) => (
        <section key={group} className="bracket-section" aria-label={title}>
          <h3 className="bracket-section-title">{title}</h3>
          <Bracket
            {...props}
            name={group.toLowerCase()}
            title={title}
            all={props.matches}
            matches={props.matches.filter((match) => match.group === group)}
          />
        </section>
      ))}
    </div>
  );
}

/**
 * The elimination bracket, drawn by us (issue: no bracket-viewer library knows our states): one
 * CSS grid column per round with SVG connectors between them. Wide screens see the whole bracket
 * (with a zoom to fit 32); narrow ones one round at a time, by tabs or a swipe.
 */
export function Bracket({ tournament, matches, highlight, onSelect, name, title, all }: BracketProps) {
  const { t } = useTranslation();
  const rounds = useMemo(() => {
    const byRound = new Map<number, Match[]>();
    for (const match of [...matches].sort(byRoundAndNumber))
      byRound.set(match.round, [...(byRound.get(match.round) ?? []), match]);
    return [...byRound.entries()].filter(([, round]) => isPlayableRound(round));
  }, [matches]);
  const names = new Map(tournament.participants.map((entrant) => [entrant.id, entrant.displayName]));
  const seedOf = (id: string) => (tournament.seeds ?? []).indexOf(id) + 1;
  // The round shown first on a phone: the viewer's own match in play, else the earliest in play.
  const inPlay = (match: Match) => match.state === 'READY' || match.state === 'DISPUTED';
  const current =
    rounds.find(([, round]) =>
      round.some((match) => inPlay(match) && highlight && match.participants.includes(highlight)),
    )?.[0] ?? rounds.find(([, round]) => round.some(inPlay))?.[0];
  const [selected, setSelected] = useState<number | null>(null);
  const shown = selected ?? current ?? rounds[0]?.[0];
  const [fit, setFit] = useState(false);
  // A double elimination shows two brackets: each row of tabs names its own.
  const tabsId = useId();
  const viewport = useRef<HTMLDivElement>(null);
  const grid = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(1);
  useLayoutEffect(() => {
    if (!fit || !grid.current || !viewport.current) return setScale(1);
    const fitHeight = Math.max(320, window.innerHeight - viewport.current.getBoundingClientRect().top - 24);
    const fitWidth = viewport.current.clientWidth;
    // Whole bracket in view, but never smaller than legible (a 32 bracket is 16 matches tall).
    const height = grid.current.scrollHeight / scale;
    const width = grid.current.scrollWidth / scale;
    setScale(Math.max(MIN_ZOOM, Math.min(1, fitHeight / height, fitWidth / width)));
    // scale is read, not a trigger: the effect reruns when the bracket or the choice changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fit, matches]);
  const touchStart = useRef<number | null>(null);
  useEffect(() => setSelected(null), [current]);

  if (rounds.length === 0) return <p className="muted">{t('tournaments.bracket.empty')}</p>;
  const first = rounds[0]![1].length;
  const roundName = (round: number) => {
    const { stage, number } = roundLabel(matches, { round, group: matches[0]?.group });
    return stage === 'round' || stage === 'winners-round' || stage === 'losers-round'
      ? t('tournaments.bracket.round', { count: number })
      : t(`tournaments.bracket.${stage}`);
  };
  const move = (step: number) => {
    const index = rounds.findIndex(([round]) => round === shown);
    const next = rounds[index + step];
    if (next) setSelected(next[0]);
  };
  const swipe = {
    onTouchStart: (event: TouchEvent) => (touchStart.current = event.touches[0]?.clientX ?? null),
    onTouchEnd: (event: TouchEvent) => {
      const end = event.changedTouches[0]?.clientX;
      if (touchStart.current !== null && end !== undefined && Math.abs(end - touchStart.current) > 50)
        move(end < touchStart.current ? 1 : -1);
      touchStart.current = null;
    },
  };

  // A losers-bracket slot still empty names the winners-bracket match whose loser comes to it (record 182).
  const loserOf = (from: string | null | undefined): string | null => {
    const source = from ? all?.find((item) => item.id === from) : undefined;
    // Not loaded (yet): not known, as any open side.
    if (!source) return null;
    const [first, second] = source.participants.map((id) => (id ? names.get(id) : undefined));
    if (first && second) return t('tournaments.bracket.loser-of', { first, second });
    const { stage, number } = source.label ?? roundLabel(all!, source);
    return stage === 'winners-final'
      ? t('tournaments.bracket.loser-of-final')
      : t('tournaments.bracket.loser-of-round', { round: String(number), number: String(source.number) });
  };

  const side = (match: Match, index: number) => {
    const id = match.participants[index] ?? null;
    if (!id) {
      // A side a drop is yet to come to names it, in a match with a bye too; one line, cut short
      // (the connectors count on equal rows), whole in its title.
      const from = match.losersOf?.[index];
      const text = from ? loserOf(from) : match.state === 'BYE' ? t('tournaments.bracket.bye') : null;
      return (
        <li className="bracket-side empty" title={from && text ? text : undefined}>
          {text ?? (
            // A dash is seen; a screen reader read "—" (walk AB).
            <>
              <span aria-hidden>—</span>
              <span className="visually-hidden">{t('tournaments.bracket.to-come')}</span>
            </>
          )}
        </li>
      );
    }
    const won = match.winner === id;
    const lost = match.winner !== null && match.winner !== undefined && !won;
    return (
      <li className={`bracket-side${won ? ' won' : ''}${lost ? ' lost' : ''}${id === highlight ? ' mine' : ''}`}>
        <span className="bracket-seed">{seedOf(id) || ''}</span>
        <span className="bracket-name">{names.get(id) ?? '?'}</span>
        {match.state === 'COMPLETED' && match.score && (match.bestOf ?? 1) > 1 ? (
          <span className="bracket-games">{match.score[index]}</span>
        ) : null}
        {won ? (
          // The mark is seen, its word read: a label on a plain span is not announced (record 127).
          <span className="bracket-mark">
            <span aria-hidden>✓</span>
            <span className="visually-hidden">{t('tournaments.bracket.winner')}</span>
          </span>
        ) : null}
      </li>
    );
  };

  return (
    <div className="bracket" data-testid={name ? `bracket-${name}` : 'bracket'}>
      <div className="bracket-tools">
        <TabList
          id={tabsId}
          className="bracket-tabs"
          label={title ? t('tournaments.bracket.rounds-of', { bracket: title }) : t('tournaments.bracket.rounds')}
          items={rounds.map(([round]) => round)}
          selected={shown!}
          onSelect={setSelected}
          name={roundName}
          panel={false}
        />
        <button type="button" className="btn btn-ghost btn-small bracket-fit" onClick={() => setFit(!fit)}>
          {fit ? t('tournaments.bracket.actual-size') : t('tournaments.bracket.fit')}
        </button>
      </div>
      <div className="bracket-viewport" ref={viewport} {...swipe}>
        <div
          ref={grid}
          className="bracket-grid"
          style={{
            gridTemplateColumns: rounds.map(() => 'minmax(10.5rem, 1fr)').join(' 2rem '),
            gridTemplateRows: `auto repeat(${first}, minmax(4.75rem, auto))`,
            // zoom (not transform) shrinks the layout box too, so no empty space is left behind.
            zoom: scale < 1 ? scale : undefined,
          }}
        >
          {rounds.map(([round, list], column) => {
            const span = first / list.length;
            return [
              <h3
                key={`h${round}`}
                className={`bracket-round-title${round === shown ? ' shown' : ''}`}
                style={{ gridColumn: column * 2 + 1, gridRow: 1 }}
              >
                {roundName(round)}
              </h3>,
              ...list.map((match, index) => {
                const mine = highlight ? match.participants.includes(highlight) : false;
                const label = matchLabel(match);
                const selectable = onSelect && sidesOf(match).length === 2 && match.state !== 'UNPLAYABLE';
                const card = (
                  <>
                    <ul className="bracket-sides">
                      {side(match, 0)}
                      {side(match, 1)}
                    </ul>
                    {match.outcome === 'GAME_API' && match.evidence && !selectable ? (
                      // The game's record, one click away (not inside the host's button: no link in a button).
                      <a
                        className="bracket-state state-decided"
                        data-testid="match-verified"
                        href={match.evidence.url}
                        target="_blank"
                        rel="noreferrer"
                        title={t('battles.game-check.see-match', { id: match.evidence.matchId })}
                      >
                        ✓ {t('battles.game-check.verified')}
                      </a>
                    ) : match.outcome === 'GAME_API' ? (
                      <span className="bracket-state state-decided" data-testid="match-verified">
                        ✓ {t('battles.game-check.verified')}
                      </span>
                    ) : (
                      <span className={`bracket-state state-${label}`}>{t(`tournaments.bracket.state.${label}`)}</span>
                    )}
                  </>
                );
                return (
                  <div
                    key={match.id}
                    className={`bracket-cell${round === shown ? ' shown' : ''}`}
                    style={{ gridColumn: column * 2 + 1, gridRow: `${index * span + 2} / span ${span}` }}
                  >
                    {match.state === 'UNPLAYABLE' ? null : selectable ? (
                      <button
                        type="button"
                        className={`bracket-match${mine ? ' mine' : ''}`}
                        data-testid={`match-${match.id}`}
                        data-state={label}
                        onClick={() => onSelect(match)}
                      >
                        {/* Its name is what it shows, after what it does (WCAG 2.5.3: say what you see). */}
                        <span className="visually-hidden">{t('tournaments.bracket.choose-winner')} </span>
                        {card}
                      </button>
                    ) : (
                      <div
                        className={`bracket-match${mine ? ' mine' : ''}`}
                        data-testid={`match-${match.id}`}
                        data-state={label}
                      >
                        {card}
                      </div>
                    )}
                  </div>
                );
              }),
              column < rounds.length - 1 ? (
                <svg
                  key={`c${round}`}
                  className="bracket-connectors"
                  style={{ gridColumn: column * 2 + 2, gridRow: `2 / span ${first}` }}
                  viewBox={`0 0 20 ${first * 2}`}
                  preserveAspectRatio="none"
                  aria-hidden
                >
                  {rounds[column + 1]![1].length === list.length
                    ? // The next round has as many matches (a losers bracket's minor round): straight on.
                      list.map((_, index) => {
                        const y = (index * span + span / 2) * 2;
                        return <path key={index} d={`M0 ${y} H20`} vectorEffect="non-scaling-stroke" />;
                      })
                    : list
                        .filter((_, index) => index % 2 === 0)
                        .map((_, pair) => {
                          const y = (index: number) => (index * span + span / 2) * 2;
                          const top = y(pair * 2);
                          const bottom = y(pair * 2 + 1);
                          const middle = (top + bottom) / 2;
                          return (
                            <path
                              key={pair}
                              d={`M0 ${top} H10 V${bottom} H0 M10 ${middle} H20`}
                              vectorEffect="non-scaling-stroke"
                            />
                          );
                        })}
                </svg>
              ) : null,
            ];
          })}
        </div>
      </div>
    </div>
  );
}
