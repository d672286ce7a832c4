/** Small inline icons (emoji fonts are not everywhere; these render the same in every browser). */
export function CrownIcon({ label }: { label: string }) {
  return (
    <svg className="icon icon-crown" viewBox="0 0 24 24" width="16" height="16" role="img" aria-label={label}>
      <title>{label}</title>
      <path d="M3 7l4.5 4L12 4l4.5 7L21 7l-2 12H5L3 7z" fill="#f5c542" stroke="#b8860b" strokeWidth="1" />
    </svg>
  );
}

export function TrophyIcon({ label }: { label: string }) {
  return (
    <svg className="icon icon-trophy" viewBox="0 0 24 24" width="16" height="16" role="img" aria-label={label}>
      <title>{label}</title>
      <path
        d="M7 3h10v3h3v2a5 5 0 0 1-4.2 4.9A5 5 0 0 1 13 15.9V18h3v3H8v-3h3v-2.1a5 5 0 0 1-2.8-3A5 5 0 0 1 4 8V6h3V3zm0 5H6a3 3 0 0 0 1 2.2V8zm10 0v2.2A3 3 0 0 0 18 8h-1z"
        fill="#f5c542"
      />
    </svg>
  );
}

/** The phone's chat launcher: a speech bubble, round, so it covers as little of the page as it can. */
export function ChatIcon() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path
        d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zm3 6a1.5 1.5 0 1 0 0 .01zm5 0a1.5 1.5 0 1 0 0 .01zm5 0a1.5 1.5 0 1 0 0 .01z"
        fill="currentColor"
      />
    </svg>
  );
}
