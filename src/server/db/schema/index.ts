export * from './auth';
export * from './credits';
export * from './creations';
export * from './partners';
export * from './payments';
export * from './insights';
export * from './booking';
export * from './account';
