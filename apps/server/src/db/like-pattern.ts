/** An ILIKE pattern that finds the user's text anywhere, taking % _ and \ in it literally. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
