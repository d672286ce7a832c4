import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '../../../components/button';
import { FormError } from '../../../components/form-fields';
import { useLocalePath } from '../../../lib/navigation';
import { paths } from '../../../lib/paths';
import { useCommand } from '../../../lib/use-command';
import { useSession } from '../../../lib/session/session-store';
import { finishRiotSignIn, startRiotSignIn } from '../api';
import '../../../i18n/page-texts';

/**
 * Riot Sign On on the Riot card (issue #58): a typed Riot ID is shown, unverified, and decides
 * nothing; signing in with Riot makes the account Riot names the player's. Riot sends the browser
 * back here with a code, which the API exchanges and links.
 */
export function RiotSignIn() {
  const { t } = useTranslation();
  const verified = useSession((state) => state.profile?.gameAccounts?.riot);
  const typed = useSession((state) => state.profile?.thirdPartyAccounts?.riot);
  const localePath = useLocalePath();
  const location = useLocation();
  const navigate = useNavigate();
  const start = useCommand(() =>
    startRiotSignIn(`${window.location.origin}${localePath(paths.profile.getHref('connections'))}`),
  );
  const finish = useCommand((_key, state: string, code: string | undefined, error: string | undefined) =>
    finishRiotSignIn(state, code, error),
  );
  const answered = useRef(false);
  // A refusal from Riot's side goes once another ID is typed (it stayed under the one saved).
  const shown = useRef(typed);
  useEffect(() => {
    if (typed === shown.current) return;
    shown.current = typed;
    start.setError(null);
    finish.setError(null);
    // On a change of the typed ID only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed]);
  // Said once back from Riot, as Steam's card says it (a relink showed nothing).
  const [linked, setLinked] = useState<string | null>(null);

  // Back from Riot: OAuth's state, and its code or error, are in the address.
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const state = params.get('state');
    const code = params.get('code') ?? undefined;
    const error = params.get('error') ?? undefined;
    if (!state || (!code && !error) || answered.current) return;
    answered.current = true;
    void finish.run(state, code, error).then((result) => {
      if (result.ok) setLinked(result.value.value);
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
    <div className="stack" data-testid="riot-sign-in">
      {/* In a div: the column would stretch a chip across the card. */}
      {verified ? (
        <div>
          <span className="chip chip-ok">{t('profile.connections.riot.verified')}</span>
        </div>
      ) : typed ? (
        <div>
          <span className="chip chip-warn">{t('profile.connections.riot.unverified')}</span>
        </div>
      ) : null}
      {finish.busy ? <p role="status">{t('profile.connections.riot.checking')}</p> : null}
      {/* Until the account is removed again (the card stays, its line would outlive it). */}
      {linked && verified ? <p role="status">{t('profile.connections.riot.linked', { name: linked })}</p> : null}
      {verified ? null : (
        <>
          <p className="muted">{t('profile.connections.riot.sign-in-body')}</p>
          <div>
            <Button variant="secondary" busy={start.busy} onClick={() => void go()}>
              {t('profile.connections.riot.sign-in')}
            </Button>
          </div>
        </>
      )}
      <FormError message={start.error ?? finish.error} />
    </div>
  );
}
