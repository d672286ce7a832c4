import { doc } from 'firebase/firestore';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GAMES, type Game } from '@versus/domain/games/games';
import { PUBLISHERS, type Publisher, type TournamentSettings } from '@versus/domain/tournaments/prize-caps';
import { Button } from '../../../components/button';
import { FormError } from '../../../components/form-fields';
import { apiErrorText } from '../../../lib/api-error-text';
import { db } from '../../../lib/firebase';
import { formatCoins } from '../../../lib/locale';
import { useLocale } from '../../../lib/navigation';
import { useLiveDocument } from '../../../lib/use-live-document';
import { setPrizeCap, setYearlyPrizeCap } from '../api';

/**
 * Platform admin (issue #58): the most a tournament of each game may pay out, in coins (a
 * publisher's rules may cap a community competition's prizes, docs/compliance.md). A new or edited
 * tournament whose entry fee × size passes its game's cap is refused.
 */
export function PrizeCapsAdmin() {
  const { t } = useTranslation();
  const locale = useLocale();
  const settings = useLiveDocument<TournamentSettings>(doc(db, 'settings', 'tournaments'));
  const caps = settings.status === 'ready' ? (settings.data.prizeCaps ?? {}) : {};
  const [game, setGame] = useState<Game>('league-of-legends');
  const [cap, setCap] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const save = (value: number | null, of: Game = game) => {
    setBusy(true);
    setFailure(null);
    setPrizeCap(of, value)
      .then(() => setCap(''))
      .catch((error: unknown) => setFailure(apiErrorText(t, error)))
      .finally(() => setBusy(false));
  };
  const capped = GAMES.filter((each) => caps[each] !== undefined);
  const valid = /^\d{1,9}$/.test(cap.trim());
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
              {t('admin.prize-caps.cap', { game: t(`games.${each}`), cap: formatCoins(locale, caps[each]!) })}{' '}
              <Button small variant="secondary" busy={busy} onClick={() => save(null, each)}>
                {t('admin.prize-caps.lift')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className="inline-form">
        <label htmlFor="prize-cap-game">{t('admin.prize-caps.game')}</label>
        <select id="prize-cap-game" value={game} onChange={(event) => setGame(event.target.value as Game)}>
          {GAMES.map((each) => (
            <option key={each} value={each}>
              {t(`games.${each}`)}
            </option>
          ))}
        </select>
        <label htmlFor="prize-cap-coins">{t('admin.prize-caps.coins')}</label>
        <input
          id="prize-cap-coins"
          inputMode="numeric"
          value={cap}
          onChange={(event) => setCap(event.target.value)}
          aria-invalid={cap !== '' && !valid}
          aria-describedby={cap !== '' && !valid ? 'prize-cap-problem' : undefined}
        />
        {cap !== '' && !valid ? (
          <p id="prize-cap-problem" className="field-error" role="alert" data-testid="prize-cap-problem">
            {t('admin.prize-caps.invalid')}
          </p>
        ) : null}
        <Button small busy={busy} disabled={busy || !valid} onClick={() => save(Number(cap.trim()))}>
          {t('admin.prize-caps.save')}
        </Button>
      </div>
      <FormError message={failure} />
      <h3>{t('admin.prize-caps.yearly.title')}</h3>
      <p className="muted">{t('admin.prize-caps.yearly.intro')}</p>
      {PUBLISHERS.map((publisher) => (
        <YearlyCap
          key={publisher}
          publisher={publisher}
          cap={settings.status === 'ready' ? settings.data.yearlyPrizeCaps?.[publisher] : undefined}
        />
      ))}
    </section>
  );
}

/** One publisher's cap on what a host's tournaments in its games pay out in a calendar year. */
function YearlyCap({ publisher, cap }: { publisher: Publisher; cap: number | undefined }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const save = (next: number | null) => {
    setBusy(true);
    setFailure(null);
    setYearlyPrizeCap(publisher, next)
      .then(() => setValue(''))
      .catch((error: unknown) => setFailure(apiErrorText(t, error)))
      .finally(() => setBusy(false));
  };
  const valid = /^\d{1,9}$/.test(value.trim());
  const field = `yearly-cap-${publisher}`;
  return (
    <div data-testid={field}>
      <p>
        <strong>{t(`admin.prize-caps.publishers.${publisher}`)}</strong>:{' '}
        {cap === undefined ? (
          t('admin.prize-caps.yearly.none')
        ) : (
          <>
            {t('admin.prize-caps.yearly.cap', { cap: formatCoins(locale, cap) })}{' '}
            <Button small variant="secondary" busy={busy} onClick={() => save(null)}>
              {t('admin.prize-caps.lift')}
            </Button>
          </>
        )}
      </p>
      <div className="inline-form">
        <label htmlFor={field}>{t('admin.prize-caps.yearly.coins')}</label>
        <input
          id={field}
          inputMode="numeric"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          aria-invalid={value !== '' && !valid}
          aria-describedby={value !== '' && !valid ? `${field}-problem` : undefined}
        />
        {value !== '' && !valid ? (
          <p id={`${field}-problem`} className="field-error" role="alert">
            {t('admin.prize-caps.invalid')}
          </p>
        ) : null}
        <Button small busy={busy} disabled={busy || !valid} onClick={() => save(Number(value.trim()))}>
          {t('admin.prize-caps.yearly.save')}
        </Button>
      </div>
      <FormError message={failure} />
    </div>
  );
}
