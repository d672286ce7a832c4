/** A result popup's picture (a battle's, a tournament podium's): a trophy for a win, a shield for a loss. */
export function ResultPicture({ won, place }: { won: boolean; place?: number }) {
  // A podium's trophy in its place's colour: gold, silver or bronze.
  return won ? (
    <svg
      className={`result-picture won${place && place > 1 ? ` place-${Math.min(place, 3)}` : ''}`}
      viewBox="0 0 64 64"
      width="96"
      height="96"
      role="img"
      aria-hidden
    >
      <path
        fill="currentColor"
        d="M18 6h28v6h10v6a12 12 0 0 1-12 12h-1a14 14 0 0 1-9 7v7h8v6H22v-6h8v-7a14 14 0 0 1-9-7h-1A12 12 0 0 1 8 18v-6h10Zm0 12h-4a6 6 0 0 0 5 6Zm28 0v6a6 6 0 0 0 5-6Z"
      />
      <rect x="16" y="52" width="32" height="6" rx="2" fill="currentColor" />
    </svg>
  ) : (
    <svg className="result-picture lost" viewBox="0 0 64 64" width="96" height="96" role="img" aria-hidden>
      <path
        fill="currentColor"
        d="M32 4 8 12v18c0 14 10 26 24 30 14-4 24-16 24-30V12Zm-4 12 6 10-6 6 8 14-12-12 6-6-6-8Z"
      />
    </svg>
  );
}
