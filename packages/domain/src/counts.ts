/** A count its query stopped one row past `cap`: exact up to `cap`, "99+" past it (the bell, the task tabs). */
export const cappedCountLabel = (count: number, cap: number) => (count > cap ? `${cap}+` : String(count));
