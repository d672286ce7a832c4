import i18n from 'i18next';
import { useSession } from '../../../lib/session/session-store';
import '../../../i18n/page-texts';

/**
 * After a restore (the deactivated page's "Restore my account"): what it did, until closed. Loaded
 * only then; it reads i18next itself, as react-i18next's hook in a chunk of its own split the
 * landing's code (bench:bundle). The language cannot change while it shows without a new render.
 */
export default function WelcomeBackBanner() {
  return (
    <div className="banner-row">
      <span role="status">{i18n.t('auth.deactivated.welcome-back')}</span>
      <span className="banner-actions">
        <button
          type="button"
          className="btn btn-ghost btn-small"
          onClick={() => useSession.setState({ restored: false })}
        >
          {i18n.t('common.close')}
        </button>
      </span>
    </div>
  );
}
