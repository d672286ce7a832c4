export function Logo() {
  return (
    <span className="logo">
      <svg viewBox="0 0 64 64" width="28" height="28" aria-hidden>
        <rect width="64" height="64" rx="14" fill="#6d5dfc" />
        <path d="M14 16h10l8 22 8-22h10L37 50H27z" fill="#fff" />
      </svg>
      <span className="logo-text">Versus</span>
    </span>
  );
}
