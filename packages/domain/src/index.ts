export * from './roles.ts';
export * from './profile.ts';
export * from './status.ts';
export * from './errors.ts';
export * from './schemas/profile.ts';
export * from './random.ts';
export * from './cards.ts';
export * from './schemas/analysis.ts';
