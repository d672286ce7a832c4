import { useTranslation } from 'react-i18next';
import { sidesOf, type TournamentMatch } from '@versus/domain/tournaments/play';
import '../../../i18n/play-texts';

/**
 * The viewer's last decided match, at the end of the match panel (record 179; it stood above the
 * match at hand, which a walk read first). Kept because a walk saw the panel switch straight to
 * the next match (or to "waiting"), with nothing saying the last one was lost, and the host's
 * reasoning for a dispute, which its form says both sides read, shown nowhere on the page.
 */
export function LastResult({
  matches,
  entrant,
  nameOf,
}: {
  matches: (TournamentMatch & { id: string })[];
  entrant: string;
  nameOf: (entrant: string) => string;
}) {
  const { t } = useTranslation();
  const last = matches
    .filter((match) => match.state === 'COMPLETED' && match.participants.includes(entrant) && match.decidedAt)
    .sort((a, b) => (b.decidedAt ?? 0) - (a.decidedAt ?? 0))[0];
  const opponent = last ? sidesOf(last).find((side) => side !== entrant) : undefined;
  if (!last || !opponent) return null;
  return (
    <div className="last-result muted" data-testid="last-result">
      <p>
        {/* No winner: neither side checked in (it read as a loss to the other side, walk AK). */}
        {t(
          last.winner === entrant
            ? 'tournaments.match.last-won'
            : last.winner
              ? 'tournaments.match.last-lost'
              : 'tournaments.match.last-both-out',
          { name: nameOf(opponent) },
        )}
      </p>
      {last.outcome === 'HOST' && last.reasoning ? (
        <p data-testid="last-result-reasoning">
          {t('tournaments.match.last-reasoning', { reasoning: last.reasoning })}
        </p>
      ) : last.outcome === 'GAME_API' ? (
        // A report the game overruled showed only a loss (record 181).
        <p data-testid="last-result-game">{t('tournaments.match.last-game')}</p>
      ) : null}
    </div>
  );
}
