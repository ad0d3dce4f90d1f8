/** "$866,500", "866 500 $US", "63 %", "10 deals": the number, whatever the locale's separators. */
export const numberIn = (text: string) => Number(text.replace(/[^\d]/g, ''));

/** Every amount in a sentence, in order ("$1,074,000 commit and $1,373,000 best case", "1 074 000 $US …"). */
export const amountsIn = (text: string) => (text.match(/\d[\d\s,.\u202f\u00a0]*\d|\d/g) ?? []).map(numberIn);
