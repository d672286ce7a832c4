const PLACEHOLDER_COLOURS = ['#6d5dfc', '#ff6b6b', '#20c997', '#fcc419', '#339af0', '#f06595', '#94d82d', '#ff922b'];

/** A user's picture, or their numbered placeholder (RandomAvatar1 onward) with an initial. */
export function Avatar({
  name,
  url,
  placeholder,
  size = 36,
}: {
  name: string;
  url: string | null | undefined;
  placeholder: number | undefined;
  size?: number;
}) {
  if (url) return <img className="avatar" src={url} alt="" width={size} height={size} />;
  const colour = PLACEHOLDER_COLOURS[((placeholder ?? 1) - 1) % PLACEHOLDER_COLOURS.length];
  return (
    <span
      className="avatar avatar-placeholder"
      data-placeholder={`RandomAvatar${placeholder ?? 1}`}
      style={{ width: size, height: size, background: colour, fontSize: size * 0.45 }}
      aria-hidden
    >
      {name.slice(0, 1).toUpperCase()}
    </span>
  );
}
