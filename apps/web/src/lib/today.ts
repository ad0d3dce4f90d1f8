/**
 * Today as a date input reads it (YYYY-MM-DD), in the browser's calendar: a close date's default, a
 * call's date and its latest allowed value.
 */
export function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}
