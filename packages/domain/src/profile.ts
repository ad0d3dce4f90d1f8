/**
 * A profile without a name gets one from the e-mail's local part:
 * "jean.dupont@x.fr" → "Jean Dupont".
 */
export function nameFromEmail(email: string): string {
  const local = email.split('@')[0] ?? '';
  const words = local
    .split(/[._\-+]+/)
    .map((w) => w.replace(/\d+/g, ''))
    .filter(Boolean);
  if (words.length === 0) return local || email;
  return words.map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase()).join(' ');
}

/** Avatar initials: first letters of up to two words of the name. */
export function initials(name: string | null | undefined): string {
  if (!name) return '?';
  const letters = name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w.charAt(0).toUpperCase());
  return letters.join('') || '?';
}
