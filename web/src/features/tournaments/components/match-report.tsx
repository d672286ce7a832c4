import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import {
  TOURNAMENT_DISPUTE_MAX,
  TOURNAMENT_DISPUTE_MIN,
  reportMeets,
  sidesOf,
  type TournamentMatch,
} from '@versus/domain/tournaments/play';
import { leadersOf, type Tournament } from '@versus/domain/tournaments/tournament';
import { Button } from '../../../components/button';
import { FormError } from '../../../components/form-fields';
import { Question } from '../../../components/question';
import { StoryProofForm } from '../../../components/story-proof-form';
import { WinnerPicker } from '../../../components/winner-picker';
import { ScorePicker } from '../../../components/score-picker';
import { uploadProof } from '../../../lib/uploads';
import { useCommand } from '../../../lib/use-command';
import { useQuestionFocus } from '../../../lib/use-question-focus';
import { focusMatchPanel } from './match-panel-focus';
import { checkMatchGame, disputeMatch, reportMatch } from '../api';
import { GameCheck } from '../../../components/game-check';
import { entrantName, missingChoiceKey } from './match-names';
import { MissingHint } from '../../../components/missing-hint';
import '../../../i18n/play-texts';

type Match = TournamentMatch & { id: string };

/* A side's own forms on its current match: the report, the game's check, and the dispute. */

/** The report's question by what it meets from the other side (record 157). */
const QUESTION = {
  first: 'tournaments.match.report-question',
  agrees: 'tournaments.match.report-question-agrees',
  conflicts: 'tournaments.match.report-question-conflicts',
} as const;

/**
 * Who won, by the reporting side: two radio buttons and a submit, then once more, naming the winner,
 * since a report cannot be changed (a walk's mis-tap on a phone; record 136, as record 130's battles).
 * Another pick puts the question away. Where the other side has reported, the question says what
 * this report makes of it: the match decided, or a dispute the host resolves (record 157).
 */
export function ReportForm({ tournament, match, entrant }: { tournament: Tournament; match: Match; entrant: string }) {
  const { t } = useTranslation();
  const [winner, setWinner] = useState<string | null>(null);
  const [score, setScore] = useState<[number, number] | null>(null);
  const [asking, setAsking] = useState(false);
  // The report's button pressed before a winner (and a series' score) was chosen: said under it.
  const [missing, setMissing] = useState(false);
  const hint = useId();
  const question = useQuestionFocus(asking);
  const series = (match.bestOf ?? 1) > 1;
  const report = useCommand((_key, choice: string, games: [number, number] | null) =>
    reportMatch(tournament.id, match.id, choice, games ?? undefined),
  );
  const lacking = missingChoiceKey(series, winner, score);
  const ready = lacking === null;
  const winnerName = winner ? entrantName(tournament, winner) : '';
  const other = sidesOf(match).find((side) => side !== entrant);
  const otherName = entrantName(tournament, other);
  // The other side's report, which one press confirms (a walk's opponent picked both again; record 181).
  const theirs = other ? match.reports[other] : undefined;
  const agreeable = theirs && (!series || theirs.score) ? theirs : undefined;
  // A team's leader reports for the party: "(your party)", "Yes, we won".
  const party = tournament.gameFormat === 'TEAM';
  const meets = winner ? reportMeets(match, entrant, winner, series ? (score ?? undefined) : undefined) : 'first';
  return (
    <form
      className="form report-form"
      data-testid="match-report-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (ready) setAsking(true);
      }}
    >
      {agreeable ? (
        <>
          <Button
            variant="secondary"
            disabled={report.busy}
            onClick={() => {
              setWinner(agreeable.winner);
              setScore(series ? agreeable.score! : null);
              setAsking(true);
            }}
            data-testid="match-report-agree"
          >
            {agreeable.winner === entrant
              ? t(party ? 'tournaments.match.agree.you-party' : 'tournaments.match.agree.you', {
                  score: series ? ` ${agreeable.score!.join('–')}` : '',
                })
              : t('tournaments.match.agree.self', {
                  name: otherName,
                  score: series ? ` ${agreeable.score!.join('–')}` : '',
                })}
          </Button>
          <p className="muted or-report">{t('tournaments.match.or-report')}</p>
        </>
      ) : null}
      <WinnerPicker
        legend={t('tournaments.match.who-won')}
        name="winner"
        sides={sidesOf(match).map((side) => ({
          id: side,
          label:
            side === entrant
              ? t(party ? 'tournaments.match.me-party' : 'tournaments.match.me', {
                  name: entrantName(tournament, side),
                })
              : entrantName(tournament, side),
        }))}
        value={winner}
        onChange={(next) => {
          setWinner(next);
          setAsking(false);
          setMissing(false);
        }}
      />
      <ScorePicker
        bestOf={match.bestOf ?? 1}
        name="report"
        value={score}
        onChange={(next) => {
          setScore(next);
          setAsking(false);
          setMissing(false);
        }}
      />
      <FormError message={report.error} />
      {asking && ready && winner ? (
        <Question
          ref={question.question}
          testId="match-report-question"
          text={t(`${QUESTION[meets]}.${winner === entrant ? 'self' : 'opponent'}`, {
            name: winnerName,
            other: otherName,
            score: series && score ? ` ${score.join('–')}` : '',
          })}
          busy={report.busy}
          onBack={() => setAsking(false)}
        >
          <Button
            busy={report.busy}
            onClick={() =>
              void report.run(winner, score).then((done) => {
                setAsking(false);
                if (done.ok) focusMatchPanel();
              })
            }
            data-testid="match-report-confirm"
          >
            {winner === entrant
              ? t(party ? 'tournaments.match.report-yes.self-party' : 'tournaments.match.report-yes.self')
              : t('tournaments.match.report-yes.opponent', { name: winnerName })}
          </Button>
        </Question>
      ) : (
        <>
          <Button
            type="submit"
            ref={question.start}
            disabled={!ready}
            onInertPress={() => setMissing(true)}
            aria-describedby={hint}
            data-testid="match-report-submit"
          >
            {t('tournaments.match.report')}
          </Button>
          <MissingHint id={hint} testId="match-report-missing" text={missing && lacking ? t(lacking) : null} />
        </>
      )}
    </form>
  );
}

/**
 * League of Legends and Dota 2, one game (issue #22): the game can decide the match. "Check with
 * the game" asks now and says what it found or why it could not; reports go on meanwhile.
 */
export function MatchGameCheck({ tournament, match }: { tournament: Tournament; match: Match }) {
  const { t } = useTranslation();
  // A series is not read from one game's record: its sides report.
  if ((match.bestOf ?? 1) > 1) return null;
  // The sides' accounts as recorded at the tournament's start (a party by its leader).
  const recorded = tournament.gameAccounts;
  const leaders = leadersOf(tournament, sidesOf(match));
  return (
    <GameCheck
      game={tournament.game}
      linkFirst={t('tournaments.match.link-first')}
      recorded={recorded ? Object.fromEntries(leaders.map((uid) => [uid, recorded[uid] ?? null])) : undefined}
      notRecorded={t('tournaments.match.not-recorded')}
      check={() => checkMatchGame(tournament.id, match.id)}
    />
  );
}

/** A side's story (20–450) and proof once the reports conflict (SPEC §5 disputes). */
export function DisputeForm({ tournament, match }: { tournament: Tournament; match: Match }) {
  const { t } = useTranslation();
  return (
    <StoryProofForm
      story={yup
        .string()
        .trim()
        .required('validation.required')
        .min(TOURNAMENT_DISPUTE_MIN, 'tournaments.errors.story-too-short')
        .max(TOURNAMENT_DISPUTE_MAX, 'tournaments.errors.story-too-long')}
      maxLength={TOURNAMENT_DISPUTE_MAX}
      texts={{
        story: t('tournaments.match.story'),
        placeholder: t('tournaments.match.story-placeholder'),
        proof: t('tournaments.match.proof'),
        proofHint: t('tournaments.match.proof-hint'),
        proofRequired: t('tournaments.errors.proof-required'),
        submit: t('tournaments.match.send-story'),
      }}
      testId="match-dispute-form"
      send={async (story, file) => {
        const sent = await disputeMatch(tournament.id, match.id, story, (await uploadProof(file)).path);
        focusMatchPanel();
        return sent;
      }}
    />
  );
}
