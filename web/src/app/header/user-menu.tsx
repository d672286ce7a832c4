import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Avatar } from '../../components/avatar';
import { Dropdown } from '../../components/dropdown';
import { Tooltip } from '../../components/tooltip';
import { useLocalePath } from '../../lib/navigation';
import { logout } from '../../lib/session/auth-actions';
import { useSession } from '../../lib/session/session-store';
import { paths } from '../../lib/paths';
import { LazySupportCreatorModal as SupportCreatorModal } from '../../features/creators/components/lazy-support-creator-modal';

export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toPath = useLocalePath();
  const profile = useSession((state) => state.profile);
  const verified = useSession((state) => state.user?.emailVerified === true);
  const admin = useSession((state) => state.user?.admin === true);
  const [supportOpen, setSupportOpen] = useState(false);
  const name = profile?.displayName ?? '';

  // Challenge, host, support-creator and get-coins need a verified e-mail (SPEC §2, §6).
  const gated = (label: string, onSelect: () => void, close: () => void) => (
    <Tooltip text={t('user.email-not-verified-tooltip')} enabled={!verified}>
      <button
        type="button"
        role="menuitem"
        disabled={!verified}
        onClick={() => {
          close();
          onSelect();
        }}
      >
        {label}
      </button>
    </Tooltip>
  );

  return (
    <>
      <Dropdown
        ariaLabel={t('user-menu.open')}
        testId="user-menu"
        label={<Avatar url={profile?.avatar} placeholder={profile?.avatarPlaceholder} size={32} />}
      >
        {(close) => (
          <div role="menu" className="menu">
            <div className="menu-heading">{name}</div>
            <button
              type="button"
              role="menuitem"
              onClick={() => {
                close();
                void navigate(toPath(paths.myGames.getHref()));
              }}
            >
              {t('user-menu.my-games')}
            </button>
            <button
              type="button"
              role="menuitem"
              onClick={() => {
                close();
                void navigate(toPath(paths.profile.getHref('settings')));
              }}
            >
              {t('user-menu.profile-settings')}
            </button>
            {profile ? (
              <button
                type="button"
                role="menuitem"
                onClick={() => {
                  close();
                  void navigate(toPath(paths.user.getHref(profile.uid)));
                }}
              >
                {t('user-menu.public-profile')}
              </button>
            ) : null}
            {gated(t('user-menu.challenge'), () => navigate(toPath(paths.challenge.getHref())), close)}
            {gated(t('user-menu.host'), () => navigate(toPath(paths.addTournament.getHref())), close)}
            {gated(t('user-menu.support-creator'), () => setSupportOpen(true), close)}
            {gated(t('user-menu.get-coins'), () => navigate(toPath(paths.checkout.getHref())), close)}
            {admin ? (
              <button
                type="button"
                role="menuitem"
                onClick={() => {
                  close();
                  void navigate(toPath(paths.admin.getHref()));
                }}
              >
                {t('user-menu.admin')}
              </button>
            ) : null}
            <hr />
            <button
              type="button"
              role="menuitem"
              onClick={() => {
                close();
                void logout().then(() => navigate(toPath(paths.login.getHref())));
              }}
            >
              {t('user-menu.logout')}
            </button>
          </div>
        )}
      </Dropdown>
      {supportOpen ? (
        <Suspense fallback={null}>
          <SupportCreatorModal open onClose={() => setSupportOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
