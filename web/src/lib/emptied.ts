/**
 * A state updater that empties a list, keeping the one it has when it is already empty: React then
 * skips the render (a new `[]` each time re-rendered the whole layout as a signed-out page came alive).
 */
export const emptied = <T>(items: T[]): T[] => (items.length === 0 ? items : []);
