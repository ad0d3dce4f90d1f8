import { formatDate } from '../../lib/format.ts';

/** A calendar day (yyyy-mm-dd, UTC as the server counts quarters and weeks), in the active language. */
export const formatDay = (day: string, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }) =>
  formatDate(`${day.slice(0, 10)}T00:00:00Z`, { ...options, timeZone: 'UTC' }) ?? day;
