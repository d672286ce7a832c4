import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DECISION_REASONING_MAX, roundOfMatch, sidesOf, type TournamentMatch } from '@versus/domain/tournaments/play';
import { Button } from '../../../components/button';
import { Question } from '../../../components/question';
import { WinnerPicker } from '../../../components/winner-picker';
import { ScorePicker } from '../../../components/score-picker';
import { EmptyState, ErrorPanel, Spinner } from '../../../components/feedback';
import { FormError } from '../../../components/form-fields';
import { PageHeader } from '../../../components/page-header';
import { LocalLink, usePageTitle } from '../../../lib/navigation';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session/session-store';
import { useCommand } from '../../../lib/use-command';
import { useQuestionFocus } from '../../../lib/use-question-focus';
import { setMatchWinner, useMatches, useTournament } from '../api';
import { MatchVerified } from '../components/match-panel';
import { entrantName, missingChoiceKey, scoreText, winnerFirst } from '../components/match-names';
import { MissingHint } from '../../../components/missing-hint';
import '../tournaments.css';
import '../../../i18n/play-texts';

/**
 * /tournaments/resolve-conflict/{id}/{match} (SPEC §2): both sides of a disputed match for the
 * host, who picks the winner with a reasoning (SPEC §5: an admin decision needs both). A side that
 * has not told theirs is named, and deciding without it asks once more (record 138).
 */
export default function ResolveConflictPage() {
  const { t } = useTranslation();
  const { id, match: matchId } = useParams();
  const uid = useSession((state) => state.user?.uid);
  const tournament = useTournament(id);
  const matches = useMatches(tournament.status === 'ready' ? id : undefined);
  const [winner, setWinner] = useState<string | null>(null);
  const [score, setScore] = useState<[number, number] | null>(null);
  const [reasoning, setReasoning] = useState('');
  const [asking, setAsking] = useState(false);
  // The decision pressed before it has a winner, a series' score and a reasoning: said under it.
  const [tried, setTried] = useState(false);
  const hint = useId();
  const question = useQuestionFocus(asking);
  const decide = useCommand((_key, choice: string, why: string, games: [number, number] | null) =>
    setMatchWinner(id!, matchId!, choice, why.trim(), games ?? undefined),
  );
  usePageTitle(t('tournaments.conflict.title'));

  if (tournament.status === 'loading' || matches.status === 'loading') return <Spinner label={t('common.loading')} />;
  const match = matches.status === 'ready' ? matches.items.find((item) => item.id === matchId) : undefined;
  if (tournament.status !== 'ready' || !match)
    return (
      <div className="page page-narrow" data-testid="conflict-missing">
        <ErrorPanel title={t('errors.could-not-load-page')} message={t('tournaments.conflict.not-found')} level={1} />
      </div>
    );
  const data = { ...tournament.data, id: tournament.id };
  const back = (
    <LocalLink to={paths.tournament.getHref(data.id)}>{t('tournaments.conflict.back', { name: data.name })}</LocalLink>
  );
  if (uid !== data.uid)
    return (
      <div className="page page-narrow">
        <PageHeader title={t('tournaments.conflict.title')} />
        <EmptyState title={t('tournaments.conflict.host-only')} action={back} />
      </div>
    );
  const sides = sidesOf(match);
  const series = (match.bestOf ?? 1) > 1;
  // The sides still to tell theirs: the host may decide without them, asked once more.
  const unheard = sides.filter((entrant) => !match.disputes?.[entrant]);
  const unheardName = unheard.length === 1 ? entrantName(data, unheard[0]!) : '';
  const lacking =
    missingChoiceKey(series, winner, score) ??
    (reasoning.trim() === '' ? ('tournaments.conflict.reasoning-missing' as const) : null);
  const ready = lacking === null;
  const decideNow = () => {
    if (winner) void decide.run(winner, reasoning, score).then(() => setAsking(false));
  };
  const resolved = match.state === 'COMPLETED';
  const side = (entrant: string) => {
    const report = match.reports[entrant] as TournamentMatch['reports'][string] | undefined;
    const story = match.disputes?.[entrant];
    return (
      <section key={entrant} className="card conflict-side" data-testid={`conflict-side-${entrant}`}>
        <h2>{entrantName(data, entrant)}</h2>
        <p>
          {report
            ? t('tournaments.conflict.reported', {
                winner: `${entrantName(data, report.winner)}${scoreText(match, report.score)}`,
              })
            : t('tournaments.conflict.no-report')}
        </p>
        {story ? (
          <>
            <p className="prewrap">{story.story}</p>
            <a href={story.proof.url} target="_blank" rel="noreferrer">
              <img
                className="proof-thumb"
                src={story.proof.url}
                alt={t('tournaments.pending.proof-of', { name: entrantName(data, entrant) })}
              />
            </a>
          </>
        ) : (
          <p className="muted">{t('tournaments.conflict.no-story')}</p>
        )}
      </section>
    );
  };
  // Which match, as its notices name it (a round robin's or Swiss's round by its number).
  const round = roundOfMatch(data.bracket, matches.status === 'ready' ? matches.items : null, match);
  return (
    <div className="page resolve-conflict-page">
      <PageHeader
        title={t('tournaments.conflict.title')}
        subtitle={round ? t(`tournaments.match.stage.${round.stage}`, { count: round.number }) : undefined}
      />
      <p>
        {t('tournaments.conflict.intro', {
          a: entrantName(data, sides[0]),
          b: entrantName(data, sides[1]),
          name: data.name,
        })}{' '}
        {back}
      </p>
      <div className="conflict-sides">{sides.map(side)}</div>
      {resolved ? (
        <section className="card" data-testid="conflict-resolved">
          <p>
            {t('tournaments.conflict.resolved', {
              winner: `${entrantName(data, match.winner)}${scoreText(match, winnerFirst(match))}`,
            })}
            {match.reasoning ? ` — ${match.reasoning}` : ''}
          </p>
          <MatchVerified match={match} />
        </section>
      ) : match.state !== 'DISPUTED' || data.state !== 'ONGOING' ? (
        <EmptyState title={t('tournaments.conflict.no-dispute')} action={back} />
      ) : (
        <form
          className="card form"
          data-testid="conflict-form"
          onSubmit={(event) => {
            event.preventDefault();
            if (!ready) return;
            if (unheard.length > 0) setAsking(true);
            else decideNow();
          }}
        >
          {unheard.length > 0 ? (
            <p className="muted" data-testid="conflict-waiting">
              {unheard.length === 1
                ? t('tournaments.conflict.waiting', { name: unheardName })
                : t('tournaments.conflict.waiting-both')}
            </p>
          ) : null}
          <WinnerPicker
            legend={t('tournaments.match.who-won')}
            name="conflict-winner"
            sides={sides.map((entrant) => ({ id: entrant, label: entrantName(data, entrant) }))}
            value={winner}
            onChange={(next) => {
              setWinner(next);
              setAsking(false);
              setTried(false);
            }}
          />
          <ScorePicker
            bestOf={match.bestOf ?? 1}
            name="conflict"
            value={score}
            onChange={(next) => {
              setScore(next);
              setAsking(false);
              setTried(false);
            }}
          />
          <label className="field" htmlFor="conflict-reasoning">
            <span className="field-label">
              {t('tournaments.conflict.reasoning')} <span aria-hidden>*</span>
            </span>
            <textarea
              id="conflict-reasoning"
              value={reasoning}
              required
              rows={4}
              maxLength={DECISION_REASONING_MAX}
              onChange={(event) => {
                setReasoning(event.target.value);
                setTried(false);
              }}
            />
            <span className="field-meta">
              <span className="field-counter">{`${reasoning.length}/${DECISION_REASONING_MAX}`}</span>
            </span>
          </label>
          <FormError message={decide.error} />
          {asking && ready && unheard.length > 0 ? (
            <Question
              ref={question.question}
              testId="conflict-question"
              text={
                unheard.length === 1
                  ? t('tournaments.conflict.decide-question', { name: unheardName })
                  : t('tournaments.conflict.decide-question-both')
              }
              busy={decide.busy}
              onBack={() => setAsking(false)}
            >
              <Button busy={decide.busy} onClick={decideNow} data-testid="conflict-decide-anyway">
                {t('tournaments.conflict.decide-anyway')}
              </Button>
            </Question>
          ) : (
            <Button
              type="submit"
              ref={question.start}
              busy={decide.busy}
              disabled={!ready}
              onInertPress={() => setTried(true)}
              aria-describedby={hint}
              data-testid="conflict-decide"
            >
              {t('tournaments.conflict.decide')}
            </Button>
          )}
          <MissingHint id={hint} testId="conflict-missing" text={tried && lacking ? t(lacking) : null} />
        </form>
      )}
    </div>
  );
}
