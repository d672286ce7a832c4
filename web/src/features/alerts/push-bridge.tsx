import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useLocale } from '../../lib/navigation';
import { useSession } from '../../lib/session/session-store';
import { writeAlertsIn } from '../../lib/push-device';
import { chosenLocale } from '../../lib/locale';

/**
 * The app's side of alerts off the site (issue #60): a click on a notification opens its page in
 * this tab (the service worker asks, public/sw.js), and the player's alerts follow the language
 * they chose for the app (en-GB until they choose another): the switcher's, or a page's whose address
 * names it. Opening an unprefixed (en-GB) address, as a bare /login, changes nothing.
 */
export function PushBridge() {
  const navigate = useNavigate();
  const locale = useLocale();
  const signedIn = useSession((state) => state.status === 'signed-in');
  const language = useSession((state) => (state.account ? (state.account.alerts?.language ?? 'en-GB') : null));

  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const open = (event: MessageEvent) => {
      const data = event.data as { type?: string; url?: string } | null;
      if (data?.type !== 'versus:open' || typeof data.url !== 'string') return;
      const url = new URL(data.url, window.location.origin);
      if (url.origin === window.location.origin) void navigate(`${url.pathname}${url.search}${url.hash}`);
    };
    navigator.serviceWorker.addEventListener('message', open);
    // A listener added (not onmessage) receives nothing until the messages are started.
    navigator.serviceWorker.startMessages();
    return () => navigator.serviceWorker.removeEventListener('message', open);
  }, [navigate]);

  useEffect(() => {
    if (!signedIn || language === null) return;
    const chosen = chosenLocale(locale);
    if (chosen === undefined || chosen === language) return;
    writeAlertsIn(chosen).catch(() => {});
  }, [signedIn, language, locale]);

  return null;
}
