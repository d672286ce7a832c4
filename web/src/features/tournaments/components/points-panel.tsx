import { Formik } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import {
  POINTS_DESCRIPTION_MAX,
  POINTS_MAX_ROUNDS,
  pointsRanking,
  pointsStandings,
  prizeAwards,
  type PointsRound,
} from '@versus/domain/tournaments/play';
import { entrantOf, type PointsEntry, type Tournament } from '@versus/domain/tournaments/tournament';
import { Button } from '../../../components/button';
import { CoinAmount } from '../../../components/coin-amount';
import { FormError, TextAreaField, TextField, CheckedForm } from '../../../components/form-fields';
import { ProofField } from '../../../components/proof-field';
import { numberFormat } from '../../../lib/locale';
import { LocalLink, useLocale } from '../../../lib/navigation';
import { paths } from '../../../lib/paths';
import { uploadProof } from '../../../lib/uploads';
import { useCommand } from '../../../lib/use-command';
import { submitPoints } from '../api';
import { pointsProblem } from '../points-input';
import { entrantHeaderKey, entrantName } from './match-names';
import '../../../i18n/play-texts';
import { ScrollBox } from '../../../components/scroll-box';
import { useSession } from '../../../lib/session/session-store';

type Entry = PointsEntry & { id: string };

const pointsField = yup.string().test('points', (value, context) => {
  const problem = pointsProblem(value ?? '', 1);
  return problem ? context.createError({ message: problem }) : true;
});

/** A round's points, a proof image and an optional note (SPEC §5 points submission). */
function SubmitPointsForm({ tournament, rounds }: { tournament: Tournament; rounds: PointsRound[] }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // A new key remounts the file input after a round is sent, so it no longer shows the old file.
  const [sent, setSent] = useState(0);
  // What the last send did, said once it has (record 134): the list above also shows it.
  const [done, setDone] = useState<{ round: number; points: number } | null>(null);
  // Said only while the host has not reviewed that round yet: the list then says what became of it.
  const waiting = done && (rounds[done.round - 1]?.state ?? 'SUBMITTED') === 'SUBMITTED' ? done : null;
  const send = useCommand(async (_key, points: number, proof: File, description: string) => {
    const uploaded = await uploadProof(proof);
    return submitPoints(tournament.id, {
      points,
      attachment: uploaded.path,
      ...(description ? { description } : {}),
    });
  });
  return (
    <Formik
      initialValues={{ points: '', description: '' }}
      validationSchema={yup.object({
        points: pointsField,
        description: yup.string().trim().max(POINTS_DESCRIPTION_MAX, 'tournaments.errors.text-too-long'),
      })}
      onSubmit={async (values, { resetForm }) => {
        setFailure(null);
        setDone(null);
        // No file, or a refused one: the field says which (its error, below), and nothing is sent.
        if (!file) return;
        const result = await send.run(Number(values.points), file, values.description.trim());
        if (!result.ok) setFailure(send.errorText(result.error));
        else {
          resetForm();
          setFile(null);
          setSent((count) => count + 1);
          setDone({ round: result.value.rounds.length, points: Number(values.points) });
        }
      }}
    >
      {({ isSubmitting, submitCount }) => (
        <CheckedForm className="form" data-testid="points-form">
          {/* Which round this sends, apart from the list above it (they ran together). */}
          <h3 className="points-next">
            {t('tournaments.points.next-round', { round: String(rounds.length + 1), max: String(POINTS_MAX_ROUNDS) })}
          </h3>
          <TextField name="points" label={t('tournaments.points.points')} inputMode="numeric" required />
          <ProofField
            key={sent}
            id="field-points-proof"
            label={t('tournaments.points.proof')}
            hint={t('tournaments.match.proof-hint')}
            // A refused file's own reason ("Choose a JPG, PNG or GIF image"), else once pressed, a
            // missing one's, with the points' error too (the form's check stops before its send).
            error={fileError ?? (submitCount > 0 && !file ? t('tournaments.errors.proof-required') : null)}
            onChange={(chosen, problem) => {
              setFile(chosen);
              setFileError(problem);
            }}
          />
          <TextAreaField
            name="description"
            label={t('tournaments.points.description')}
            maxLength={POINTS_DESCRIPTION_MAX}
            rows={2}
          />
          <FormError message={failure} />
          <p className="success" role="status" data-testid="points-sent">
            {waiting ? t('tournaments.points.sent', { round: String(waiting.round), count: waiting.points }) : null}
          </p>
          <Button type="submit" busy={isSubmitting}>
            {t('tournaments.points.submit')}
          </Button>
        </CheckedForm>
      )}
    </Formik>
  );
}

/** One entrant's rounds with their states (SPEC §3 points and rawPoints). */
export function RoundsList({ rounds, over = false }: { rounds: PointsRound[]; over?: boolean }) {
  const { t } = useTranslation();
  const format = numberFormat(useLocale()).format;
  // A finished table's empty list says no round was sent, not that one may still come.
  if (rounds.length === 0)
    return <p className="muted">{t(over ? 'tournaments.points.no-rounds-over' : 'tournaments.points.no-rounds')}</p>;
  return (
    <ol className="rounds-list" data-testid="my-rounds">
      {rounds.map((round, index) => {
        // A round the host set to nothing counts for nothing: it reads as rejected, not accepted (record 134).
        const rejected = round.state === 'ACCEPTED' && round.points === 0 && round.rawPoints > 0;
        const state = rejected ? 'REJECTED' : round.state;
        return (
          <li key={index}>
            <strong>{format(round.points)}</strong>{' '}
            <span
              className={`status-badge status-${state === 'ACCEPTED' ? 'ongoing' : rejected ? 'cancelled' : 'pending'}`}
            >
              {t(`tournaments.points.state.${state}`)}
            </span>
            {state !== 'SUBMITTED' && round.points !== round.rawPoints ? (
              <span className="muted">
                {' '}
                {t('tournaments.points.changed-from', { points: format(round.rawPoints) })}
                {round.reason ? ` — ${round.reason}` : ''}
              </span>
            ) : null}{' '}
            <a href={round.attachment.url} target="_blank" rel="noreferrer">
              {t('tournaments.points.view-proof')}
            </a>
          </li>
        );
      })}
    </ol>
  );
}

/**
 * The viewer's own rounds and, while rounds remain, the form for the next. Once finished the rounds
 * stay, with the host's changes and their reasons, read only.
 */
export function MyPointsPanel({ tournament, entries, uid }: { tournament: Tournament; entries: Entry[]; uid: string }) {
  const { t } = useTranslation();
  const entrant = entrantOf(tournament, uid);
  const ongoing = tournament.state === 'ONGOING';
  if (!entrant || (!ongoing && tournament.state !== 'FINISHED')) return null;
  const mine = entries.find((entry) => entry.participant === entrant.id);
  const rounds = mine?.rounds ?? [];
  return (
    <section className={`card match-panel${ongoing ? ' highlight' : ''}`} data-testid="my-points">
      <h2>{t(ongoing ? 'tournaments.points.title' : 'tournaments.points.title-finished')}</h2>
      {ongoing ? <p className="muted">{t('tournaments.points.how', { count: POINTS_MAX_ROUNDS })}</p> : null}
      <RoundsList rounds={rounds} over={!ongoing} />
      {!ongoing ? null : entrant.uid !== uid ? (
        <p>{t('tournaments.match.leader-reports')}</p>
      ) : rounds.length < POINTS_MAX_ROUNDS ? (
        <SubmitPointsForm tournament={tournament} rounds={rounds} />
      ) : (
        <p>{t('tournaments.points.all-rounds')}</p>
      )}
    </section>
  );
}

/** Rounds waiting for the host's review, over every entrant. */
export const pendingRounds = (entries: PointsEntry[]) => entries.reduce((sum, entry) => sum + entry.pending, 0);

/**
 * The host's word on the overview of a points table under way: how many rounds wait for their
 * review, and where to review them; with none, where the tournament is finished.
 */
export function PointsHostPanel({ tournament, entries }: { tournament: Tournament; entries: Entry[] }) {
  const { t } = useTranslation();
  const waiting = pendingRounds(entries);
  return (
    <section className="card" data-testid="points-host">
      <h2>{t('tournaments.host.needs-you-points')}</h2>
      <p>
        {waiting > 0
          ? t('tournaments.host.rounds-waiting', { count: waiting })
          : t('tournaments.host.rounds-none-waiting')}
      </p>
      <LocalLink
        className={`btn btn-small ${waiting > 0 ? 'btn-primary' : 'btn-secondary'}`}
        to={paths.tournament.getHref(tournament.id, waiting > 0 ? 'pending' : 'settings')}
      >
        {waiting > 0 ? t('tournaments.host.review-rounds') : t('tournaments.host.to-finish')}
      </LocalLink>
    </section>
  );
}

/**
 * Standings (SPEC §4 POINTS): ACCEPTED rounds summed, highest first, ties sharing a rank, live.
 * Under way, what each would win if it ended now and their rounds awaiting review; once finished,
 * what each won. On a phone the table scrolls in its card rather than split its words. A tie on
 * paid places says how its prizes were split.
 */
export function PointsStandings({ tournament, entries }: { tournament: Tournament; entries: Entry[] }) {
  const { t } = useTranslation();
  const uid = useSession((state) => state.user?.uid);
  const locale = useLocale();
  const standings = pointsStandings(entries, tournament.seeds ?? []);
  const pool = tournament.entryFee * tournament.participants.filter((entrant) => entrant.escrowId).length;
  const ongoing = tournament.state === 'ONGOING';
  // What each would win if it ended now: only entrants with accepted points are placed (DESIGN §9).
  const placed = pointsRanking(entries, tournament.seeds ?? []);
  const live = ongoing && pool > 0;
  const awards = live && placed.length > 0 ? prizeAwards(pool, tournament.payoutStructure, placed).awards : [];
  const won = tournament.state === 'FINISHED' && tournament.entryFee > 0;
  const prizeOf = (participant: string) =>
    won
      ? (tournament.results?.find((result) => result.participant === participant)?.amount ?? 0)
      : (awards.find((item) => item.participant === participant)?.amount ?? 0);
  // The viewer's own row stands out, as in the other tables.
  const mine = uid ? entrantOf(tournament, uid)?.id : undefined;
  // Players on equal points who share paid places: the table says how their prizes were split.
  const prized = standings.filter((row) => prizeOf(row.participant) > 0);
  const tied = (live || won) && prized.some((row) => prized.filter((other) => other.rank === row.rank).length > 1);
  return (
    <>
      <ScrollBox label={t('tournaments.standings.table')}>
        <table className="standings standings-points" data-testid="points-standings">
          <thead>
            <tr>
              <th>#</th>
              <th>{t(entrantHeaderKey(tournament, 'tournaments.standings.participant'))}</th>
              <th>{t('tournaments.standings.points')}</th>
              {live ? <th>{t('tournaments.standings.prize-now')}</th> : null}
              {won ? <th>{t('tournaments.standings.prize')}</th> : null}
            </tr>
          </thead>
          <tbody>
            {standings.map((row) => {
              const entry = entries.find((item) => item.participant === row.participant);
              const prize = prizeOf(row.participant);
              return (
                <tr key={row.participant} className={row.participant === mine ? 'mine' : undefined}>
                  <td>{row.total > 0 ? row.rank : '—'}</td>
                  <td>{entrantName(tournament, row.participant)}</td>
                  <td>
                    {numberFormat(locale).format(row.total)}
                    {/* Rounds the host has still to review, under the points they may add to (a column
                        of its own pushed the table past a phone's width). */}
                    {ongoing && entry?.pending ? (
                      <span className="points-in-review muted small">
                        {t('tournaments.standings.in-review', { count: entry.pending })}
                      </span>
                    ) : null}
                  </td>
                  {live || won ? <td>{prize > 0 ? <CoinAmount value={prize} /> : '—'}</td> : null}
                </tr>
              );
            })}
          </tbody>
        </table>
      </ScrollBox>
      {tied ? (
        <p className="muted small points-tie" data-testid="points-tie">
          {t('tournaments.standings.tie-note')}
        </p>
      ) : null}
    </>
  );
}
