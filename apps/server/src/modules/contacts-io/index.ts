// What other modules take from contacts-io: a call's attendees as the deal's account's contacts (the ingest API's transcripts).
export { attendeesAsContacts } from './ingest.ts';
