import { describe, expect, it } from 'vitest';
import { demoBookingEvent } from './demo-booking.ts';

describe('demoBookingEvent', () => {
  const booking = { fullName: ' Jane Doe ', companyName: 'Acme ', email: 'jane@acme.test', notes: 'Interested in the API' };

  it('names the company and the booker, and says how to reach them, in English', () => {
    expect(demoBookingEvent('en', booking)).toEqual({
      title: 'Nexa demo: Acme (Jane Doe)',
      description: 'Demo booked on the website by Jane Doe, Acme.\nE-mail: jane@acme.test\nNotes: Interested in the API',
    });
  });

  it('in French, with French punctuation, and without notes when none were left', () => {
    expect(demoBookingEvent('fr', { ...booking, notes: '  ' })).toEqual({
      title: 'Démo Nexa : Acme (Jane Doe)',
      description: 'Démo réservée sur le site par Jane Doe, Acme.\nE-mail : jane@acme.test',
    });
  });
});
