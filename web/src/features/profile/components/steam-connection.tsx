import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '../../../components/button';
import { FormError } from '../../../components/form-fields';
import { useLocalePath } from '../../../lib/navigation';
import { paths } from '../../../lib/paths';
import { useCommand } from '../../../lib/use-command';
import { useSession } from '../../../lib/session/session-store';
import { RemoveConnection } from './remove-connection';
import { finishSteamSignIn, removeConnection, startSteamSignIn } from '../api';
import '../../../i18n/page-texts';

/**
 * Steam (Dota 2), linked by signing in to Steam (issue #58): the button leaves for Steam's sign-in
 * page; Steam sends the browser back here with its answer, which the API checks and links.
 */
export function SteamConnection() {
  const { t } = useTranslation();
  const current = useSession((state) => state.profile?.thirdPartyAccounts?.steam);
  const localePath = useLocalePath();
  const location = useLocation();
  const navigate = useNavigate();
  const start = useCommand(() =>
    startSteamSignIn(`${window.location.origin}${localePath(paths.profile.getHref('connections'))}`),
  );
  const finish = useCommand((_key, state: string, assertion: Record<string, string>) =>
    finishSteamSignIn(state, assertion),
  );
  const [removeFailure, setRemoveFailure] = useState<string | null>(null);
  const [linked, setLinked] = useState<string | null>(null);
  const answered = useRef(false);

  // Back from Steam: the state we issued and Steam's openid.* parameters are in the address.
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const state = params.get('steam_state');
    if (!state || answered.current) return;
    answered.current = true;
    const assertion = Object.fromEntries([...params].filter(([key]) => key.startsWith('openid.')));
    void finish.run(state, assertion).then((result) => {
      if (result.ok) setLinked((result.value as { value: string }).value);
      // The answer is used once: the address loses it either way.
      void navigate(location.pathname, { replace: true });
    });
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const go = async () => {
    const result = await start.run();
    if (result.ok) window.location.assign(result.value.url);
  };
  return (
    <section className="card stack" data-testid="connection-steam">
      <h2 tabIndex={-1}>{t('profile.connections.steam.title')}</h2>
      {finish.busy ? <p role="status">{t('profile.connections.steam.checking')}</p> : null}
      {linked ? <p role="status">{t('profile.connections.steam.linked', { name: linked })}</p> : null}
      {current ? (
        <div className="connection-current">
          <code>{current}</code>
          <RemoveConnection
            remove={() => removeConnection('steam').then(() => setLinked(null))}
            label={t('profile.connections.remove')}
            about={t('profile.connections.steam.title')}
            question={t('profile.connections.steam.remove-question', { name: current })}
            yes={t('profile.connections.remove-yes')}
            onError={setRemoveFailure}
          />
        </div>
      ) : (
        <>
          <p className="muted">{t('profile.connections.steam.body')}</p>
          <div>
            <Button busy={start.busy} onClick={() => void go()} data-testid="steam-sign-in">
              {t('profile.connections.steam.sign-in')}
            </Button>
          </div>
        </>
      )}
      <FormError message={start.error ?? finish.error ?? removeFailure} />
    </section>
  );
}
