import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../lib/session/session-store';
import { suggestionKeys, type Suggestion } from '../lib/suggest-users';

/**
 * The players suggested under a search field (the challenge's opponent, a party invite, a
 * substitute), each rendered by `item` as the button that acts on it: the arrow keys move between
 * the field and them; when more names start so than shown, it says so; a search that found no one
 * says that (or, for the player's own name, that it is theirs: they are never suggested to
 * themselves). What a search found is also said to a screen reader, which does not see the list
 * appear: a status line, there from the start so that its changes are read out (record 156).
 */
export function SuggestionList({
  found,
  text,
  item,
}: {
  found: { hits: Suggestion[]; more: boolean; searching: boolean };
  text: string;
  item: (hit: Suggestion) => ReactNode;
}) {
  const { t } = useTranslation();
  const own = useSession((state) => state.profile?.displayName ?? '');
  const answered = text.trim() !== '' && !found.searching;
  const none = answered && found.hits.length === 0;
  const mine = none && own !== '' && own.toLowerCase().startsWith(text.trim().toLowerCase());
  return (
    <>
      {found.hits.length > 0 ? (
        <ul className="suggestions" aria-label={t('battles.challenge.suggestions')} onKeyDown={suggestionKeys}>
          {found.hits.map((hit) => (
            <li key={hit.id}>{item(hit)}</li>
          ))}
        </ul>
      ) : null}
      <p role="status" className={none ? 'muted' : 'visually-hidden'} data-testid="suggestions-status">
        {mine
          ? t('battles.challenge.own-name')
          : none
            ? t('battles.challenge.no-suggestions')
            : answered
              ? `${t('battles.challenge.suggestions-found', { count: found.hits.length })}${found.more ? ` ${t('battles.challenge.more-suggestions', { shown: String(found.hits.length) })}` : ''}`
              : ''}
      </p>
      {found.more && found.hits.length > 0 ? (
        <p className="muted" data-testid="more-suggestions">
          {t('battles.challenge.more-suggestions', { shown: String(found.hits.length) })}
        </p>
      ) : null}
    </>
  );
}

/**
 * The search field above a `SuggestionList`: a player's name as typed, whose Arrow Down goes into the
 * suggestions. Its id, label and described-by are the caller's.
 */
export function SuggestionInput({
  text,
  onText,
  ...rest
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type'> & {
  text: string;
  onText: (text: string) => void;
  ref?: Ref<HTMLInputElement>;
}) {
  const { t } = useTranslation();
  return (
    <input
      type="search"
      autoComplete="off"
      value={text}
      placeholder={t('battles.challenge.opponent-placeholder')}
      onChange={(event) => onText(event.target.value)}
      onKeyDown={suggestionKeys}
      {...rest}
    />
  );
}
