/** Time is injected (DESIGN §1): services take a Clock so tests can move it. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };
