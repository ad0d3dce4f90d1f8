import { describe, expect, it } from 'vitest';
import {
  chunkTranscript,
  detectTranscriptFormat,
  lineText,
  linesFromStored,
  numberedText,
  parseTranscript,
} from './transcript.ts';

describe('parseTranscript', () => {
  it('reads "Speaker: text" lines, drops blank lines and inline timestamps', () => {
    const lines = parseTranscript(
      '\uFEFFAnna: Hello there.\r\n\r\n[00:00:05] Tom (Acme): Do you support SSO?\nJust a note without speaker',
    );
    expect(lines).toMatchObject([
      { number: 1, speaker: 'Anna', label: null, start: null, text: 'Hello there.', source: 1 },
      { number: 2, speaker: 'Tom', label: 'Acme', start: 5, text: 'Do you support SSO?', source: 3 },
      { number: 3, speaker: null, text: 'Just a note without speaker', source: 4 },
    ]);
  });

  it('accepts the French space before the colon', () => {
    expect(parseTranscript('Camille Martin : Bonjour à tous.')[0]).toMatchObject({
      number: 1,
      speaker: 'Camille Martin',
      text: 'Bonjour à tous.',
    });
  });

  it('does not take a long sentence with a colon for a speaker', () => {
    expect(parseTranscript('The main point we discussed today was this: pricing')[0]!.speaker).toBeNull();
  });

  it('reads WebVTT: header, NOTE and cue ids dropped, <v> voices as speakers, styling removed', () => {
    const vtt = [
      'WEBVTT',
      'Kind: captions',
      '',
      'NOTE recorded by the bot',
      '',
      'intro',
      '00:00:01.000 --> 00:00:04.000 align:start',
      '<v.loud Anna Smith>Welcome <b>everyone</b>.',
      '',
      '00:00:04.500 --> 00:00:06.000',
      '<v Anna Smith>Let us start.</v>',
      '',
      '00:06.500 --> 00:09.000',
      '<v Tom>Do you &amp; your team',
      'support SAML?',
    ].join('\n');
    expect(detectTranscriptFormat(vtt)).toBe('vtt');
    expect(parseTranscript(vtt)).toMatchObject([
      { number: 1, speaker: 'Anna Smith', text: 'Welcome everyone. Let us start.', start: 1, end: 6, source: 8, sourceEnd: 11 },
      { number: 2, speaker: 'Tom', text: 'Do you & your team support SAML?', start: 6.5, end: 9, source: 14, sourceEnd: 15 },
    ]);
  });

  it('reads SRT: cue numbers and timestamps dropped, speakers from the text', () => {
    const srt =
      '1\n00:00:00,500 --> 00:00:05,000\nAnna: Hi Kevin.\n\n2\n00:00:05,400 --> 00:00:11,000\nKevin: Hi.\nHow are you?\n';
    expect(detectTranscriptFormat(srt)).toBe('srt');
    expect(parseTranscript(srt)).toMatchObject([
      { number: 1, speaker: 'Anna', text: 'Hi Kevin.', start: 0.5, end: 5 },
      { number: 2, speaker: 'Kevin', text: 'Hi. How are you?', start: 5.4, end: 11 },
    ]);
  });

  it('goes back and forth through the stored form', () => {
    const lines = parseTranscript('Anna: Hello.\nTom (Acme): Hi!');
    expect(linesFromStored(lines.map(lineText))).toEqual(lines);
    expect(numberedText(lines)).toBe('1 | Anna: Hello.\n2 | Tom (Acme): Hi!');
  });
});

describe('chunkTranscript', () => {
  const lines = Array.from({ length: 200 }, (_, i) => ({
    number: i + 1,
    speaker: i % 2 ? 'Tom' : 'Anna',
    text: `line ${i + 1} `.repeat(10),
  }));

  it('keeps global line numbers, covers every line, overlaps by two lines and respects the size', () => {
    const chunks = chunkTranscript(lines, 2_000, 2);
    expect(chunks.length).toBeGreaterThan(5);
    const covered = new Set(chunks.flatMap((c) => c.lines.map((l) => l.number)));
    expect(covered.size).toBe(200);
    for (let i = 1; i < chunks.length; i += 1) {
      const previous = chunks[i - 1]!.lines.map((l) => l.number);
      expect(chunks[i]!.lines.slice(0, 2).map((l) => l.number)).toEqual(previous.slice(-2));
    }
    for (const chunk of chunks) expect(numberedText(chunk.lines).length).toBeLessThan(2_300);
    expect(chunks[0]!.lines[0]!.number).toBe(1);
    expect(chunks.at(-1)!.lines.at(-1)!.number).toBe(200);
  });

  it('puts a short transcript in one chunk and never loops on a line longer than a chunk', () => {
    expect(chunkTranscript(lines.slice(0, 3))).toHaveLength(1);
    const long = [
      { number: 1, speaker: null, text: 'x'.repeat(5_000) },
      { number: 2, speaker: null, text: 'y' },
    ];
    expect(chunkTranscript(long, 1_000).map((c) => c.lines.map((l) => l.number))).toEqual([[1], [2]]);
  });
});
