import { describe, expect, it } from 'vitest';
import { OUTCOME_OF_STAGE, STAGE_WORDS, foldStatus, resolvePipeline, stageSql } from './pipeline-model.ts';
import { STATUS_SPELLINGS } from './status-spellings.ts';

describe('resolvePipeline', () => {
  it('knows at least 60 real-world spellings', () => {
    expect(STATUS_SPELLINGS.length).toBeGreaterThanOrEqual(60);
  });

  it.each(STATUS_SPELLINGS)('%j → %s', (text, stage) => {
    expect(resolvePipeline(text)).toEqual({ stage, outcome: OUTCOME_OF_STAGE[stage] });
  });

  it('reads null and undefined as a new open deal', () => {
    expect(resolvePipeline(null)).toEqual({ stage: 'New', outcome: 'open' });
    expect(resolvePipeline(undefined)).toEqual({ stage: 'New', outcome: 'open' });
  });

  it('reads whole words only: a word inside another decides nothing', () => {
    expect(resolvePipeline('Windows migration').outcome).toBe('open');
    expect(resolvePipeline('Deadline next week').outcome).toBe('open');
    expect(resolvePipeline('Closed for lunch').outcome).toBe('open');
  });
});

describe('foldStatus', () => {
  it('lowers, folds accents and reads punctuation as one space', () => {
    expect(foldStatus('  Négociation / Contrat—SIGNÉ!! ')).toBe('negociation contrat signe');
  });
});

describe('stageSql', () => {
  it('writes only words the SQL pattern reads literally', () => {
    for (const { words, exact } of STAGE_WORDS) {
      for (const word of [...words, ...(exact ?? [])]) expect(word).toMatch(/^[a-z0-9]+( [a-z0-9]+)*$/);
    }
  });

  it('names every stage it decides, New being the rest', () => {
    const sql = stageSql('status');
    for (const { stage } of STAGE_WORDS) expect(sql).toContain(`THEN '${stage}'`);
    expect(sql).toMatch(/ELSE 'New' END$/);
  });
});
