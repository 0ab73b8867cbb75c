/**
 * Writes docs/decisions/README.md: every record by area, with its status and what later records changed it,
 * read from each record's title and Status line (`npm run docs:decisions`). The fast test tier fails while the
 * committed index differs from what this makes, so a new record cannot be left out.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const DIR = path.join(import.meta.dirname, '../../docs/decisions');
export const INDEX_FILE = path.join(DIR, 'README.md');

/** Areas, in reading order; a record belongs to the first whose numbers include it. */
const AREAS: { name: string; about: string; numbers: (n: number) => boolean }[] = [
  { name: 'Foundations', about: 'authority, contract, errors, auth, tests, limits, pages', numbers: (n) => n < 20 || [94, 95, 96, 97, 112, 118].includes(n) },
  {
    name: 'Hair engine: architecture',
    about: 'runtime, threads, hosted engines, fallback',
    numbers: (n) => (n >= 20 && n < 30) || [121, 122, 123, 180, 185].includes(n),
  },
  {
    name: 'Studio and prompts',
    about: 'renders, credits spent, uploads, results, words',
    numbers: (n) => (n >= 30 && n < 40) || [86, 87, 100, 111, 115, 116].includes(n) || (n >= 138 && n < 146),
  },
  { name: 'Payments', about: 'sandbox provider, webhooks, subscriptions', numbers: (n) => (n >= 40 && n < 50) || n === 98 },
  {
    name: 'Directory and professionals',
    about: 'sign-up, search, images, reviews, insights, maps',
    numbers: (n) => (n >= 50 && n < 60) || (n >= 104 && n <= 108),
  },
  { name: 'Booking', about: 'services, hours, availability, states, deposits, messages', numbers: (n) => n >= 146 && n < 154 },
  { name: 'Content', about: 'styles, shop, blog, landing figures', numbers: (n) => (n >= 60 && n < 70) || n === 110 },
  { name: 'Accounts', about: 'sign-in, reset, deletion, export', numbers: (n) => n === 109 || (n >= 154 && n < 157) },
  {
    name: 'Operations',
    about: 'health, logs, shutdown, instances, queue, backups, faults, speed',
    numbers: (n) => (n >= 70 && n < 80) || n === 117 || (n >= 157 && n < 164),
  },
  { name: 'Tests and tooling', about: 'tiers, templates, lint', numbers: (n) => n >= 164 },
  { name: 'Hair engine: lab notes', about: 'measured tuning of the hair region and the recolour, with figures', numbers: () => true },
];

interface Decision {
  number: number;
  file: string;
  title: string;
  status: string;
}

function readDecisions(): Decision[] {
  return readdirSync(DIR)
    .filter((f) => /^\d{3}-.*\.md$/.test(f) && !f.startsWith('000-'))
    .sort()
    .map((file) => {
      const text = readFileSync(path.join(DIR, file), 'utf8');
      const title = (text.match(/^# (?:\d+:\s*)?(.+)$/m)?.[1] ?? file).trim();
      const status = (text.match(/Status:\s*(.+)$/m)?.[1] ?? 'accepted').replace(/\[(\d+)\]\([^)]*\)/g, '$1').trim();
      return { number: Number(file.slice(0, 3)), file, title, status };
    });
}

/** Later records that say they change this one ("amends 084", "supersedes 063", "extends 120 and 125"). */
function changedBy(all: Decision[]): Map<number, string[]> {
  const by = new Map<number, string[]>();
  for (const d of all) {
    for (const m of d.status.matchAll(/\b(amends|supersedes|extends|narrows|changes|replaces)\b([^;)]*)/gi)) {
      for (const n of m[2].match(/\b\d{3}\b/g) ?? []) {
        const verb = { amends: 'amended', supersedes: 'superseded', extends: 'extended', narrows: 'narrowed', changes: 'changed', replaces: 'replaced' }[
          m[1].toLowerCase()
        ];
        by.set(Number(n), [...(by.get(Number(n)) ?? []), `${verb} by ${String(d.number).padStart(3, '0')}`]);
      }
    }
  }
  return by;
}

const cell = (s: string) => s.replace(/\|/g, '\\|');

export function decisionsIndex(): string {
  const all = readDecisions();
  const by = changedBy(all);
  const out = [
    '# Decisions',
    '',
    'Why the code is the way it is, one short record per choice ([template](000-template.md)). This index is written by',
    '`npm run docs:decisions` from each record\'s title and Status line; "changed by" lists later records that say',
    'they amend, extend or supersede it. Read a record together with the ones that changed it.',
    '',
  ];
  const left = new Set(all);
  for (const area of AREAS) {
    const mine = [...left].filter((d) => area.numbers(d.number));
    if (!mine.length) continue;
    mine.forEach((d) => left.delete(d));
    out.push(`## ${area.name}`, '', `${area.about[0].toUpperCase()}${area.about.slice(1)}.`, '', '| record | status | changed by |', '| --- | --- | --- |');
    for (const d of mine) {
      const num = String(d.number).padStart(3, '0');
      out.push(`| [${num}](${d.file}) ${cell(d.title)} | ${cell(d.status)} | ${(by.get(d.number) ?? []).join(', ')} |`);
    }
    out.push('');
  }
  return out.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  writeFileSync(INDEX_FILE, decisionsIndex());
  console.log(`wrote ${path.relative(process.cwd(), INDEX_FILE)}`);
}
