import { Formik, useFormikContext } from 'formik';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { battlePrize, challengeIsActive, type PlayerSummary } from '@versus/domain/battles/battle';
import { challengeSchema } from '@versus/domain/battles/schemas';
import { ENTRY_FEES, allowsEntryFee, isGame } from '@versus/domain/games/games';
import type { PublicProfile } from '@versus/domain/users/types';
import { Button } from '../../../components/button';
import { NotEnoughCoins } from '../../../components/not-enough-coins';
import { CoinAmount } from '../../../components/coin-amount';
import { EmptyState } from '../../../components/feedback';
import {
  CheckboxField,
  FieldFrame,
  FormError,
  SelectField,
  errorAria,
  CheckedForm,
} from '../../../components/form-fields';
import { PageHeader } from '../../../components/page-header';
import { formatCoins } from '../../../lib/locale';
import { LocalLink, useLocale, useLocalNavigate, usePageTitle } from '../../../lib/navigation';
import { useSession } from '../../../lib/session/session-store';
import { useLiveDocument } from '../../../lib/use-live-document';
import { sendChallenge, usePendingChallenges, type ChallengeForm } from '../api';
import { useUserSuggestions } from '../../../lib/suggest-users';
import { SuggestionInput, SuggestionList } from '../../../components/suggestion-list';
import { PlayerChip } from '../../../components/player-chip';
import { useCommand } from '../../../lib/use-command';
import { useNow } from '../../../lib/use-now';
import { paths } from '../../../lib/paths';
import '../battles.css';
import { isBattleVerifiedGame } from '@versus/domain/games/game-accounts';
import { profileDoc } from '../../../lib/documents';
import { db } from '../../../lib/firebase';
import { useGameOptions } from '../../../lib/game-options';

/** Type-ahead over GET /suggestUsers; choosing a player fills the form's opponent. */
function OpponentPicker({
  chosen,
  onChoose,
}: {
  chosen: PlayerSummary | null;
  onChoose: (player: PlayerSummary | null) => void;
}) {
  const { t } = useTranslation();
  const { errors, touched, setFieldValue } = useFormikContext<ChallengeForm>();
  const [text, setText] = useState('');
  useEffect(() => {
    void setFieldValue('opponent', chosen?.uid ?? '');
  }, [chosen, setFieldValue]);
  const found = useUserSuggestions(text);
  // The pressed suggestion or Change is gone once pressed: the keyboard goes on from what replaced it.
  const change = useRef<HTMLButtonElement>(null);
  const search = useRef<HTMLInputElement>(null);
  const picked = useRef(false);
  useEffect(() => {
    if (!picked.current) return;
    (chosen ? change.current : search.current)?.focus();
  }, [chosen]);
  const choose = (player: PlayerSummary | null) => {
    picked.current = true;
    onChoose(player);
  };

  const error = touched.opponent && errors.opponent ? (t(errors.opponent as never) as string) : null;
  if (chosen) {
    return (
      <div className="field">
        <span className="label">{t('battles.challenge.opponent')}</span>
        <div className="chosen-opponent" data-testid="chosen-opponent">
          <PlayerChip player={chosen} link={false} />
          <Button ref={change} variant="ghost" small onClick={() => choose(null)}>
            {t('battles.challenge.change-opponent')}
          </Button>
        </div>
      </div>
    );
  }
  return (
    <FieldFrame id="field-opponent-search" label={t('battles.challenge.opponent')} required error={error}>
      <SuggestionInput
        ref={search}
        id="field-opponent-search"
        text={text}
        onText={setText}
        {...errorAria('field-opponent-search', error)}
      />
      <SuggestionList
        found={found}
        text={text}
        item={(hit) => (
          <button type="button" onClick={() => choose({ ...hit.source, uid: hit.id })}>
            <PlayerChip player={{ ...hit.source, uid: hit.id }} link={false} size={24} />
          </button>
        )}
      />
    </FieldFrame>
  );
}

function ChallengeFields({ funds, blocked }: { funds: number; blocked: boolean }) {
  const { t } = useTranslation();
  const { values, setFieldValue, isSubmitting } = useFormikContext<ChallengeForm>();
  const locale = useLocale();
  const gameOptions = useGameOptions();
  const wagerAllowed = !isGame(values.game) || allowsEntryFee(values.game);

  // A free-only game (Fortnite) forces the free entry.
  useEffect(() => {
    if (!wagerAllowed && values.entryFee !== 0) void setFieldValue('entryFee', 0);
  }, [wagerAllowed, values.entryFee, setFieldValue]);

  // The opponent, the game and the fee live in the address too (replacing its entry): a player sent
  // to the coin shop by a fee over their balance comes back to them (a walk chose them again).
  const [, setParams] = useSearchParams();
  useEffect(() => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of [
          ['opponent', values.opponent],
          ['game', values.game],
          ['fee', values.entryFee ? String(values.entryFee) : ''],
        ] as const)
          if (value) next.set(key, value);
          else next.delete(key);
        return next;
      },
      { replace: true },
    );
  }, [values.opponent, values.game, values.entryFee, setParams]);

  const short = values.entryFee > funds;
  return (
    <>
      <SelectField
        name="game"
        label={t('battles.challenge.game')}
        placeholder={t('battles.challenge.game-placeholder')}
        required
        options={gameOptions}
      />
      <fieldset className="field fee-options">
        <legend>
          {t('battles.challenge.entry-fee')}
          <span className="required" aria-hidden>
            {' '}
            *
          </span>
        </legend>
        <div className="chip-row">
          {ENTRY_FEES.map((fee) => (
            <label
              key={fee}
              className={`chip ${values.entryFee === fee ? 'chip-active' : ''} ${fee > 0 && !wagerAllowed ? 'chip-disabled' : ''}`}
            >
              <input
                type="radio"
                name="entryFee"
                value={fee}
                checked={values.entryFee === fee}
                disabled={fee > 0 && !wagerAllowed}
                onChange={() => void setFieldValue('entryFee', fee)}
              />
              {fee === 0 ? t('battles.free') : <CoinAmount value={fee} />}
            </label>
          ))}
        </div>
        {!wagerAllowed ? (
          <p className="field-hint">
            {t('battles.challenge.free-only', { game: t(`games.${values.game as 'fortnite'}`) })}
          </p>
        ) : null}
      </fieldset>
      <dl className="battle-terms">
        <dt>{t('battles.prize')}</dt>
        <dd data-testid="challenge-prize">
          {values.entryFee > 0 ? <CoinAmount value={battlePrize(values.entryFee)} /> : t('battles.no-prize')}
        </dd>
        <dt>{t('battles.challenge.your-balance')}</dt>
        <dd>
          <CoinAmount value={funds} />
        </dd>
      </dl>
      {short ? (
        <NotEnoughCoins
          text={t('battles.challenge.not-enough-coins', {
            fee: formatCoins(locale, values.entryFee),
            funds: formatCoins(locale, funds),
          })}
        />
      ) : null}
      {isBattleVerifiedGame(values.game) ? (
        <CheckboxField name="verifiedOnly" optional>
          {t('battles.challenge.verified-only', { game: t(`games.${values.game}`) })}
        </CheckboxField>
      ) : null}
      <CheckboxField name="terms">{t('battles.challenge.terms')}</CheckboxField>
      <Button type="submit" busy={isSubmitting} disabled={blocked || short}>
        {t('battles.challenge.send')}
      </Button>
    </>
  );
}

export default function ChallengePage() {
  const { t } = useTranslation();
  usePageTitle(t('battles.challenge.title'));
  const navigate = useLocalNavigate();
  const [params] = useSearchParams();
  const uid = useSession((state) => state.user?.uid);
  const verified = useSession((state) => state.user?.emailVerified === true);
  const funds = useSession((state) => state.account?.funds ?? 0);
  // Only to tell whether my open challenge has expired; a coarse tick is enough.
  const now = useNow(5_000);
  const pending = usePendingChallenges(uid);
  const outgoing =
    pending.status === 'ready'
      ? pending.items.find((item) => item.challenger.uid === uid && challengeIsActive(item, now))
      : undefined;

  // Arriving from a profile (/battles/challenge?opponent={uid}) or back from the coin shop: read once,
  // as the form writes the address as the player chooses.
  const [preset] = useState(() => params.get('opponent'));
  const presetGame = params.get('game');
  const presetFee = Number(params.get('fee'));
  const presetProfile = useLiveDocument<PublicProfile>(preset && preset !== uid ? profileDoc(db, preset) : null);
  const [opponent, setOpponent] = useState<PlayerSummary | null>(null);
  const presetApplied = useRef(false);
  useEffect(() => {
    if (presetApplied.current || presetProfile.status !== 'ready') return;
    presetApplied.current = true;
    const { displayName, avatar, avatarPlaceholder } = presetProfile.data;
    setOpponent({ uid: presetProfile.id, displayName, avatar, avatarPlaceholder });
  }, [presetProfile]);
  // The challenge this form sent is no other open one: while it goes, and once it has gone, the
  // live list may show it before the page has moved on ("You already have an open challenge" for a
  // moment after Send; walk AC). Its id is kept as the answer comes, with the command's end.
  const [sentId, setSentId] = useState<string | null>(null);
  const challenge = useCommand(
    (key, form: ChallengeForm) =>
      sendChallenge(form, key).then((sent) => {
        setSentId(sent.id);
        return sent;
      }),
    { idempotent: true },
  );
  // Sent with no answer at all (a lost connection), it may have gone through. The form sends only
  // while no challenge is open, so one the live list shows now is this one: the page goes on to it,
  // as an answer would have taken it, not to "You already have an open challenge" (walk AH).
  const [unanswered, setUnanswered] = useState(false);
  useEffect(() => {
    if (unanswered && outgoing) void navigate(paths.viewChallenge.getHref(outgoing.id));
  }, [unanswered, outgoing, navigate]);
  const blocking = outgoing && !challenge.busy && outgoing.id !== sentId && !unanswered ? outgoing : undefined;

  if (!verified) {
    return (
      <div className="page page-narrow">
        <PageHeader title={t('battles.challenge.title')} subtitle={t('battles.challenge.subtitle')} />
        <EmptyState title={t('battles.challenge.unverified.title')} />
      </div>
    );
  }

  return (
    <div className="page page-narrow">
      <PageHeader title={t('battles.challenge.title')} subtitle={t('battles.challenge.subtitle')} />
      {/* A link naming the player themself (the API refuses it) or no player: said, not dropped
          without a word. */}
      {preset !== null && opponent === null && (preset === uid || presetProfile.status === 'missing') ? (
        <p className="form-error" role="status" data-testid="challenge-preset">
          {t(preset === uid ? 'api-errors.self-challenge' : 'battles.challenge.opponent-missing')}{' '}
          {t('battles.challenge.choose-another')}
        </p>
      ) : null}
      {blocking ? (
        // Said before anything is sent: not the refusal's "There was a problem with your challenge".
        <div className="form-error" role="status" data-testid="challenge-active">
          {t('battles.challenge.one-active')}{' '}
          <LocalLink to={paths.viewChallenge.getHref(blocking.id)}>{t('battles.challenge.view-active')}</LocalLink>
        </div>
      ) : null}
      <Formik<ChallengeForm>
        // Every checkbox starts as a boolean: Formik takes one without a value for a list and adds "on".
        // The game and fee the address holds (ChallengeFields keeps them there), when they are ones.
        initialValues={{
          opponent: '',
          game: isGame(presetGame) ? presetGame : '',
          entryFee: (ENTRY_FEES as readonly number[]).includes(presetFee) ? presetFee : 0,
          verifiedOnly: false,
          terms: false,
        }}
        validationSchema={challengeSchema}
        onSubmit={async (values) => {
          // "Verified results only" goes with a game that has records (its box is shown only then).
          const { verifiedOnly, ...rest } = values;
          const sent = await challenge.run({
            ...rest,
            entryFee: Number(values.entryFee),
            ...(verifiedOnly && isBattleVerifiedGame(values.game) ? { verifiedOnly: true } : {}),
          });
          setUnanswered(!sent.ok && sent.error.code === 'network');
          if (sent.ok) void navigate(paths.viewChallenge.getHref(sent.value.id));
        }}
      >
        <CheckedForm className="card form">
          <OpponentPicker chosen={opponent} onChoose={setOpponent} />
          <ChallengeFields funds={funds} blocked={blocking !== undefined} />
          <FormError message={challenge.error} />
        </CheckedForm>
      </Formik>
    </div>
  );
}
