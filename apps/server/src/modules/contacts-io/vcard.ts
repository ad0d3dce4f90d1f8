import ICAL from 'ical.js';

/** What a contact's card holds. */
export interface CardContact {
  id: number;
  full_name: string;
  email: string | null;
  phone: string | null;
  title: string | null;
  account_name: string | null;
  language: string | null;
  time_zone: string | null;
  updated_at: Date;
}

/**
 * "Priya Nair" → family Nair, given Priya, for an address book's sort; null (no N, which vCard 4.0
 * leaves optional: FN is the name) when the name is more than plain words.
 */
function nameParts(fullName: string): [string, string] | null {
  const words = fullName.trim().split(/\s+/);
  if (words.length < 2 || !words.every((word) => /^[\p{L}\p{M}'’-]+$/u.test(word))) return null;
  return [words.at(-1)!, words.slice(0, -1).join(' ')];
}

/** 2026-11-27T17:25:28.123Z → 20261127T172528Z (vCard's timestamp). */
const timestamp = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/**
 * One contact as a vCard 4.0 (RFC 6350), written by ical.js: its escaping of text and structured
 * values, its folding at 75 octets. UID is stable per contact, so importing the card again updates
 * the address book's entry instead of adding one.
 */
function card(contact: CardContact): ICAL.Component {
  const vcard = new ICAL.Component('vcard');
  vcard.addPropertyWithValue('version', '4.0');
  vcard.addPropertyWithValue('prodid', '-//Nexa//Contacts//EN');
  vcard.addPropertyWithValue('uid', `urn:nexa:contact:${contact.id}`);
  vcard.addPropertyWithValue('kind', 'individual');
  vcard.addPropertyWithValue('fn', contact.full_name);
  const parts = nameParts(contact.full_name);
  if (parts) {
    const n = new ICAL.Property('n');
    n.setValue([parts[0], parts[1], '', '', '']);
    vcard.addProperty(n);
  }
  if (contact.account_name) {
    const org = new ICAL.Property('org');
    org.setValue([contact.account_name]);
    vcard.addProperty(org);
  }
  if (contact.title) vcard.addPropertyWithValue('title', contact.title);
  if (contact.email) vcard.addPropertyWithValue('email', contact.email).setParameter('type', 'work');
  if (contact.phone) {
    const tel = vcard.addPropertyWithValue('tel', `tel:${contact.phone.replace(/[^\d+]/g, '')}`);
    tel.setParameter('value', 'uri');
    tel.setParameter('type', 'work');
  }
  if (contact.language) vcard.addPropertyWithValue('lang', contact.language);
  if (contact.time_zone) vcard.addPropertyWithValue('tz', contact.time_zone).setParameter('value', 'text');
  vcard.addPropertyWithValue('rev', timestamp(contact.updated_at));
  return vcard;
}

/** Contacts as one .vcf file: their cards one after the other (RFC 6350 §3.1), CRLF line ends. */
export function vcardsOf(contacts: readonly CardContact[]): string {
  return contacts.map((contact) => `${card(contact).toString()}\r\n`).join('');
}
