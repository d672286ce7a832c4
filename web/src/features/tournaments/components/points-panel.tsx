import { Formik } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import {
  POINTS_DESCRIPTION_MAX,
  POINTS_MAX,
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
import { uploadProof } from '../../../lib/uploads';
import { useCommand } from '../../../lib/use-command';
import { submitPoints } from '../api';
import { entrantName } from './match-panel';
import '../../../i18n/play-texts';

type Entry = PointsEntry & { id: string };

const pointsField = yup
  .number()
  .typeError('tournaments.errors.points-whole')
  .required('validation.required')
  .integer('tournaments.errors.points-whole')
  .min(1, 'tournaments.errors.points-positive')
  .max(POINTS_MAX, 'tournaments.errors.points-too-many');

/** A round's points, a proof image and an optional note (SPEC §5 points submission). */
function SubmitPointsForm({ tournament }: { tournament: Tournament }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // A new key remounts the file input after a round is sent, so it no longer shows the old file.
  const [sent, setSent] = useState(0);
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
        if (!file) {
          setFileError(t('tournaments.errors.proof-required'));
          return;
        }
        const result = await send.run(Number(values.points), file, values.description.trim());
        if (!result.ok) setFailure(send.errorText(result.error));
        else {
          resetForm();
          setFile(null);
          setSent((count) => count + 1);
        }
      }}
    >
      {({ isSubmitting }) => (
        <CheckedForm className="form" data-testid="points-form">
          <TextField name="points" label={t('tournaments.points.points')} inputMode="numeric" required />
          <ProofField
            key={sent}
            id="field-points-proof"
            label={t('tournaments.points.proof')}
            hint={t('tournaments.match.proof-hint')}
            error={fileError}
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
          <Button type="submit" busy={isSubmitting}>
            {t('tournaments.points.submit')}
          </Button>
        </CheckedForm>
      )}
    </Formik>
  );
}

/** One entrant's rounds with their states (SPEC §3 points and rawPoints). */
export function RoundsList({ rounds }: { rounds: PointsRound[] }) {
  const { t } = useTranslation();
  if (rounds.length === 0) return <p className="muted">{t('tournaments.points.no-rounds')}</p>;
  return (
    <ol className="rounds-list" data-testid="my-rounds">
      {rounds.map((round, index) => (
        <li key={index}>
          <strong>{round.points}</strong>{' '}
          <span className={`status-badge status-${round.state === 'ACCEPTED' ? 'ongoing' : 'pending'}`}>
            {t(`tournaments.points.state.${round.state}`)}
          </span>
          {round.state === 'ACCEPTED' && round.points !== round.rawPoints ? (
            <span className="muted">
              {' '}
              {t('tournaments.points.changed-from', { points: String(round.rawPoints) })}
              {round.reason ? ` — ${round.reason}` : ''}
            </span>
          ) : null}{' '}
          <a href={round.attachment.url} target="_blank" rel="noreferrer">
            {t('tournaments.points.view-proof')}
          </a>
        </li>
      ))}
    </ol>
  );
}

/** The viewer's own rounds and, while rounds remain, the form for the next. */
export function MyPointsPanel({ tournament, entries, uid }: { tournament: Tournament; entries: Entry[]; uid: string }) {
  const { t } = useTranslation();
  const entrant = entrantOf(tournament, uid);
  if (!entrant || tournament.state !== 'ONGOING') return null;
  const mine = entries.find((entry) => entry.participant === entrant.id);
  const rounds = mine?.rounds ?? [];
  return (
    <section className="card match-panel highlight" data-testid="my-points">
      <h2>{t('tournaments.points.title')}</h2>
      <p className="muted">{t('tournaments.points.how', { count: POINTS_MAX_ROUNDS })}</p>
      <RoundsList rounds={rounds} />
      {entrant.uid !== uid ? (
        <p>{t('tournaments.match.leader-reports')}</p>
      ) : rounds.length < POINTS_MAX_ROUNDS ? (
        <SubmitPointsForm tournament={tournament} />
      ) : (
        <p>{t('tournaments.points.all-rounds')}</p>
      )}
    </section>
  );
}

/** Standings (SPEC §4 POINTS): ACCEPTED rounds summed, highest first, ties sharing a rank, live. */
export function PointsStandings({ tournament, entries }: { tournament: Tournament; entries: Entry[] }) {
  const { t } = useTranslation();
  const standings = pointsStandings(entries, tournament.seeds ?? []);
  const pool = tournament.entryFee * tournament.participants.filter((entrant) => entrant.escrowId).length;
  // What each would win if it ended now: only entrants with accepted points are placed (DESIGN §9).
  const placed = pointsRanking(entries, tournament.seeds ?? []);
  const live = tournament.state === 'ONGOING' && pool > 0;
  const awards = live && placed.length > 0 ? prizeAwards(pool, tournament.payoutStructure, placed).awards : [];
  return (
    <table className="standings" data-testid="points-standings">
      <thead>
        <tr>
          <th>#</th>
          <th>{t('tournaments.standings.participant')}</th>
          <th>{t('tournaments.standings.points')}</th>
          <th>{t('tournaments.standings.pending')}</th>
          {live ? <th>{t('tournaments.standings.prize-now')}</th> : null}
        </tr>
      </thead>
      <tbody>
        {standings.map((row) => {
          const entry = entries.find((item) => item.participant === row.participant);
          const award = awards.find((item) => item.participant === row.participant)?.amount ?? 0;
          return (
            <tr key={row.participant}>
              <td>{row.total > 0 ? row.rank : '—'}</td>
              <td>{entrantName(tournament, row.participant)}</td>
              <td>{row.total}</td>
              <td>{entry?.pending ?? 0}</td>
              {live ? <td>{award > 0 ? <CoinAmount value={award} /> : '—'}</td> : null}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
