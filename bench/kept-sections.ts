import { existsSync, readFileSync } from 'node:fs';

/**
 * Sections of BENCHMARKS.md that other benches write (between `<!-- name:start -->` and
 * `<!-- name:end -->`, e.g. bench/csv-import.ts's `csv-import`): kept at the end of the report
 * when `npm run bench` rewrites the file.
 */
export function withKeptSections(report: string, file: string): string {
  if (!existsSync(file)) return report;
  const current = readFileSync(file, 'utf8');
  const kept = [...current.matchAll(/<!-- ([a-z-]+):start -->[\s\S]*?<!-- \1:end -->/g)].map(
    (match) => match[0],
  );
  return kept.length === 0 ? report : `${report.trimEnd()}\n\n${kept.join('\n\n')}\n`;
}
