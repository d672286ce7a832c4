import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { POINTS_DESCRIPTION_MAX, type PointsRound } from '@versus/domain/tournaments/play';
import { playsMatches, type PointsEntry, type Tournament } from '@versus/domain/tournaments/tournament';
import { Button } from '../../../components/button';
import { EmptyState, Spinner } from '../../../components/feedback';
import { FormError } from '../../../components/form-fields';
import { mediumDateTime } from '../../../lib/locale';
import { useLocale } from '../../../lib/navigation';
import { useCommand } from '../../../lib/use-command';
import { setParticipantPoints, useMatches, usePoints } from '../api';
import { pointsProblem } from '../points-input';
import { HostAttention, awaitsHost } from './match-panel';
import { entrantName } from './match-names';
import '../../../i18n/play-texts';

type Entry = PointsEntry & { id: string };

/** One submitted round for the host: accept as is, or set another figure with a reason. */
function ReviewRow({
  tournament,
  entry,
  round,
  index,
  sameAs,
}: {
  tournament: Tournament;
  entry: Entry;
  round: PointsRound;
  index: number;
  /** Another entrant's round sent with the very same picture, if any. */
  sameAs?: { participant: string; round: number };
}) {
  const { t } = useTranslation();
  const [changing, setChanging] = useState(false);
  const [points, setPoints] = useState(String(round.rawPoints));
  const [reason, setReason] = useState('');
  // A change without a reason, or with points that are no whole number, is refused here, saying so
  // and focusing the field (a disabled button said nothing; an emptied field went as 0 points).
  const [problem, setProblem] = useState<{ field: 'points' | 'reason'; message: string } | null>(null);
  const pointsField = useRef<HTMLInputElement>(null);
  const reasonField = useRef<HTMLTextAreaElement>(null);
  const review = useCommand((_key, value: number, why?: string) =>
    setParticipantPoints(tournament.id, {
      participant: entry.participant,
      points: value,
      round: index,
      ...(why ? { description: why } : {}),
    }),
  );
  const name = entrantName(tournament, entry.participant);
  const locale = useLocale();
  const hintId = useId();
  // A change to 0 rejects the round: its button says so.
  const rejects = points.trim() !== '' && Number(points) === 0;
  return (
    <li className="card review-row" data-testid={`review-${entry.participant}-${index}`}>
      <p>
        <strong>{name}</strong> · {t('tournaments.pending.round', { count: index + 1 })} ·{' '}
        <strong>{t('tournaments.pending.points', { count: round.rawPoints })}</strong>
        {/* When it was sent: the list runs oldest first (a walk missed the times; record 136). */} ·{' '}
        <time dateTime={new Date(round.submittedAt).toISOString()} className="muted">
          {mediumDateTime(locale).format(round.submittedAt)}
        </time>
      </p>
      {round.description ? <p className="prewrap">{round.description}</p> : null}
      <a href={round.attachment.url} target="_blank" rel="noreferrer">
        <img className="proof-thumb" src={round.attachment.url} alt={t('tournaments.pending.proof-of', { name })} />
      </a>
      {sameAs ? (
        <p className="notice" data-testid="proof-same">
          {t('tournaments.pending.same-proof', {
            name: entrantName(tournament, sameAs.participant),
            round: String(sameAs.round + 1),
          })}
        </p>
      ) : null}
      {changing ? (
        <form
          className="form"
          onSubmit={(event) => {
            event.preventDefault();
            const pointsIssue = pointsProblem(points, 0);
            if (pointsIssue) {
              setProblem({ field: 'points', message: t(pointsIssue as never) });
              return pointsField.current?.focus();
            }
            if (!reason.trim()) {
              setProblem({ field: 'reason', message: t('tournaments.errors.reason-required') });
              return reasonField.current?.focus();
            }
            setProblem(null);
            void review.run(Number(points), reason.trim());
          }}
        >
          <div className="field">
            <label className="field-label" htmlFor={`${hintId}-points`}>
              {t('tournaments.points.points')}
            </label>
            <input
              id={`${hintId}-points`}
              ref={pointsField}
              inputMode="numeric"
              value={points}
              aria-invalid={problem?.field === 'points' ? true : undefined}
              aria-describedby={hintId}
              onChange={(event) => {
                setPoints(event.target.value);
                setProblem(null);
              }}
            />
            {/* 0 is how a round is rejected (it counts nothing): said before, not found out after. */}
            <span id={hintId} className="field-hint">
              {t('tournaments.pending.zero-rejects')}
            </span>
          </div>
          <label className="field">
            <span className="field-label">{t('tournaments.pending.reason')}</span>
            <textarea
              ref={reasonField}
              value={reason}
              rows={2}
              maxLength={POINTS_DESCRIPTION_MAX}
              aria-invalid={problem?.field === 'reason' ? true : undefined}
              onChange={(event) => {
                setReason(event.target.value);
                setProblem(null);
              }}
            />
          </label>
          <FormError message={problem?.message ?? review.error} />
          <div className="actions">
            <Button type="submit" busy={review.busy} data-testid="save-points-change">
              {t(rejects ? 'tournaments.pending.reject' : 'tournaments.pending.save-change')}
            </Button>
            <Button
              variant="ghost"
              onClick={() => {
                setChanging(false);
                setProblem(null);
              }}
            >
              {t('common.cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <>
          <FormError message={review.error} />
          <div className="actions">
            <Button
              busy={review.busy}
              onClick={() => void review.run(round.rawPoints)}
              data-testid={`accept-${entry.participant}-${index}`}
            >
              {t('tournaments.pending.accept')}
            </Button>
            <Button variant="secondary" onClick={() => setChanging(true)}>
              {t('tournaments.pending.change')}
            </Button>
          </div>
        </>
      )}
    </li>
  );
}

/**
 * The pending tab (SPEC §4), for the host: submitted rounds awaiting review (POINTS) and disputes
 * not RESOLVED with silent matches (ELIMINATION).
 */
export function PendingTab({ tournament }: { tournament: Tournament }) {
  const { t } = useTranslation();
  const points = usePoints(tournament.bracket === 'POINTS' ? tournament.id : undefined);
  const matches = useMatches(playsMatches(tournament.bracket) ? tournament.id : undefined);
  if (points.status === 'loading' || matches.status === 'loading') return <Spinner label={t('common.loading')} />;
  if (playsMatches(tournament.bracket)) {
    const items = matches.status === 'ready' ? matches.items : [];
    const open = items.some(awaitsHost);
    return open ? (
      <HostAttention tournament={tournament} matches={items} />
    ) : (
      <EmptyState title={t('tournaments.pending.nothing')}>{t('tournaments.pending.nothing-elimination')}</EmptyState>
    );
  }
  const entries = points.status === 'ready' ? points.items : [];
  const waiting = entries.flatMap((entry) =>
    entry.rounds.flatMap((round, index) => (round.state === 'SUBMITTED' ? [{ entry, round, index }] : [])),
  );
  if (waiting.length === 0)
    return <EmptyState title={t('tournaments.pending.nothing')}>{t('tournaments.pending.nothing-points')}</EmptyState>;
  // Each picture by its stored name, which is its content's digest (record 142): the same screenshot
  // sent by two entrants is one name, which the host is shown (one entrant's twice is refused).
  const picture = (round: PointsRound) => round.attachment.path.split('/').pop();
  const sameAs = (entry: Entry, round: PointsRound) =>
    entries
      .filter((other) => other.participant !== entry.participant)
      .flatMap((other) =>
        other.rounds.flatMap((sent, index) =>
          picture(sent) === picture(round) ? [{ participant: other.participant, round: index }] : [],
        ),
      )[0];
  return (
    <ul className="plain-list review-list" data-testid="pending-rounds">
      {waiting
        .sort((a, b) => a.round.submittedAt - b.round.submittedAt)
        .map(({ entry, round, index }) => (
          <ReviewRow
            key={`${entry.participant}-${index}`}
            tournament={tournament}
            entry={entry}
            round={round}
            index={index}
            sameAs={sameAs(entry, round)}
          />
        ))}
    </ul>
  );
}
