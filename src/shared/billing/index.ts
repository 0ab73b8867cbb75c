export * from './catalogue';
export * from './faq';
export * from './schemas';
