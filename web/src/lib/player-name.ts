import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/**
 * A player's name as shown: a deleted account's copies of its name are blank (docs/decisions/0057),
 * shown as "Deleted player".
 */
export const shownName = (t: TFunction, name: string | null | undefined): string =>
  name ? name : t('common.deleted-player');

/** shownName for a component. */
export function useShownName(): (name: string | null | undefined) => string {
  const { t } = useTranslation();
  return (name) => shownName(t, name);
}
