import { z } from 'zod';

/**
 * One line of text: a name (of a person, a company, a product, a key). Control characters (C0,
 * DEL, C1) and the Unicode line and paragraph separators have no place in one, and a CR/LF in a
 * person's name would end a mail header early (`Subject: New request: Ada\r\nBcc: …`).
 */
const CONTROL_CHARACTERS = /[\p{Cc}\u2028\u2029]/u;

/** The message (a translation key in the web app's validation catalogues) of a name with one. */
export const INVALID_CHARACTERS = 'invalid_characters';

/** True when the text holds no control character or line break. */
export const isSingleLine = (value: string): boolean => !CONTROL_CHARACTERS.test(value);

/** A required name of at most `max` characters, trimmed, on one line. */
export const singleLineName = (max: number) => z.string().trim().min(1).max(max).refine(isSingleLine, INVALID_CHARACTERS);
