import { doc } from 'firebase/firestore';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Game } from '@versus/domain/games/games';
import { useGameOptions } from '../../../lib/game-options';
import {
  PRIZE_CAP_MAX,
  PUBLISHERS,
  type Publisher,
  type TournamentSettings,
} from '@versus/domain/tournaments/prize-caps';
import { Button } from '../../../components/button';
import { FormError } from '../../../components/form-fields';
import { useCommand } from '../../../lib/use-command';
import { db } from '../../../lib/firebase';
import { formatCoins } from '../../../lib/locale';
import { useLocale } from '../../../lib/navigation';
import { useLiveDocument } from '../../../lib/use-live-document';
import { setPrizeCap, setYearlyPrizeCap } from '../api';
import '../../../i18n/page-texts';

/**
 * Platform admin (issue #58): the most a tournament of each game may pay out, in coins (a
 * publisher's rules may cap a community competition's prizes, docs/compliance.md). A new or edited
 * tournament whose entry fee × size passes its game's cap is refused.
 */
export function PrizeCapsAdmin() {
  const { t } = useTranslation();
  const locale = useLocale();
  const settings = useLiveDocument<TournamentSettings>(doc(db, 'settings', 'tournaments'));
  const data = settings.status === 'ready' ? settings.data : {};
  const caps = data.prizeCaps ?? {};
  const [game, setGame] = useState<Game>('league-of-legends');
  const gameOptions = useGameOptions();
  const save = useCommand((_key, of: Game, cap: number | null) => setPrizeCap(of, cap));
  const capped = gameOptions.map((option) => option.value).filter((each) => caps[each] !== undefined);
  return (
    <section className="card" data-testid="prize-caps-admin">
      <h2>{t('admin.prize-caps.title')}</h2>
      <p className="muted">{t('admin.prize-caps.intro')}</p>
      {capped.length === 0 ? (
        <p>{t('admin.prize-caps.none')}</p>
      ) : (
        <ul data-testid="prize-caps">
          {capped.map((each) => (
            <li key={each}>
              {/* A cap of 0 lets no prize through: it says so, rather than "at most 0 coins". */}
              {caps[each] === 0
                ? t('admin.prize-caps.cap-free', { game: t(`games.${each}`) })
                : t('admin.prize-caps.cap', { game: t(`games.${each}`), cap: formatCoins(locale, caps[each]!) })}{' '}
              <Button small variant="secondary" busy={save.busy} onClick={() => void save.run(each, null)}>
                {t('admin.prize-caps.lift')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className="inline-form">
        <label htmlFor="prize-cap-game">{t('admin.prize-caps.game')}</label>
        <select id="prize-cap-game" value={game} onChange={(event) => setGame(event.target.value as Game)}>
          {/* By name, as every other list of games (it was the spec's order: VALORANT before CS:GO). */}
          {gameOptions.map((each) => (
            <option key={each.value} value={each.value}>
              {each.label}
            </option>
          ))}
        </select>
        <CapField
          id="prize-cap"
          label={t('admin.prize-caps.coins')}
          action={t('admin.prize-caps.save')}
          busy={save.busy}
          onSave={(cap) => save.run(game, cap)}
        />
      </div>
      <FormError message={save.error} />
      <h3>{t('admin.prize-caps.yearly.title')}</h3>
      <p className="muted">{t('admin.prize-caps.yearly.intro')}</p>
      {PUBLISHERS.map((publisher) => (
        <YearlyCap key={publisher} publisher={publisher} cap={data.yearlyPrizeCaps?.[publisher]} />
      ))}
    </section>
  );
}

/** One publisher's cap on what a host's tournaments in its games pay out in a calendar year. */
function YearlyCap({ publisher, cap }: { publisher: Publisher; cap: number | undefined }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const save = useCommand((_key, next: number | null) => setYearlyPrizeCap(publisher, next));
  return (
    <div data-testid={`yearly-cap-${publisher}`}>
      <p>
        <strong>{t(`admin.prize-caps.publishers.${publisher}`)}</strong>:{' '}
        {cap === undefined ? (
          t('admin.prize-caps.yearly.none')
        ) : (
          <>
            {cap === 0
              ? t('admin.prize-caps.yearly.cap-free')
              : t('admin.prize-caps.yearly.cap', { cap: formatCoins(locale, cap) })}{' '}
            <Button small variant="secondary" busy={save.busy} onClick={() => void save.run(null)}>
              {t('admin.prize-caps.lift')}
            </Button>
          </>
        )}
      </p>
      <div className="inline-form">
        <CapField
          id={`yearly-cap-${publisher}`}
          label={t('admin.prize-caps.yearly.coins')}
          action={t('admin.prize-caps.yearly.save')}
          busy={save.busy}
          onSave={(next) => save.run(next)}
        />
      </div>
      <FormError message={save.error} />
    </div>
  );
}

/** A cap in whole coins: says what is wrong under a bad one, and empties once it was saved. */
function CapField({
  id,
  label,
  action,
  busy,
  onSave,
}: {
  id: string;
  label: string;
  action: string;
  busy: boolean;
  onSave: (cap: number) => Promise<{ ok: boolean }>;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [value, setValue] = useState('');
  // The API's own range: 99,999,999,999 was called "not a whole number" (walk Z).
  const valid = /^\d{1,12}$/.test(value.trim()) && Number(value.trim()) <= PRIZE_CAP_MAX;
  const problem = value !== '' && !valid;
  return (
    <>
      <label htmlFor={`${id}-coins`}>{label}</label>
      <input
        id={`${id}-coins`}
        inputMode="numeric"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        aria-invalid={problem}
        aria-describedby={problem ? `${id}-problem` : undefined}
      />
      {problem ? (
        <p id={`${id}-problem`} className="field-error" role="alert" data-testid={`${id}-problem`}>
          {t('admin.prize-caps.invalid', { max: formatCoins(locale, PRIZE_CAP_MAX) })}
        </p>
      ) : null}
      <Button
        small
        busy={busy}
        disabled={busy || !valid}
        onClick={() => void onSave(Number(value.trim())).then((result) => result.ok && setValue(''))}
      >
        {action}
      </Button>
    </>
  );
}
