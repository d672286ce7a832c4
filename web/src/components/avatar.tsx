import { AVATAR_PLACEHOLDER_COUNT } from '@versus/domain/platform/constants';

/** The illustrated default avatars, RandomAvatar1 onward (SPEC §3 `avatarPlaceholder`), in web/public/avatars. */
export const placeholderAvatarUrl = (placeholder: number | undefined) => {
  const index = Number.isInteger(placeholder)
    ? ((placeholder! - 1 + AVATAR_PLACEHOLDER_COUNT) % AVATAR_PLACEHOLDER_COUNT) + 1
    : 1;
  return `/avatars/random-avatar-${index}.svg`;
};

/** A user's picture, or their illustrated placeholder. Decorative: the name is always beside it. */
export function Avatar({
  url,
  placeholder,
  size = 36,
}: {
  url: string | null | undefined;
  placeholder: number | undefined;
  size?: number;
}) {
  return (
    <img
      className="avatar"
      src={url || placeholderAvatarUrl(placeholder)}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      data-placeholder={url ? undefined : `RandomAvatar${placeholder ?? 1}`}
    />
  );
}
