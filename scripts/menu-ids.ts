// Gives every menu row of the catalogue (contract/src/menus) its id in contract/src/menus/menuIds.ts: the ids
// already there stay as they are, a new module, page or button gets the next free id of its block. Ids are never
// moved or re-used, so role grants and packages keep pointing at the same pages when the catalogue grows.
// Run: npm run menus:ids
import fs from 'node:fs';
import path from 'node:path';
import { MODULES, permOf } from '../contract/src/menus/index.ts';
import { MENU_IDS } from '../contract/src/menus/menuIds.ts';

const file = path.resolve(import.meta.dirname, '../contract/src/menus/menuIds.ts');
const ids = new Map(Object.entries(MENU_IDS));
const taken = new Set(ids.values());
const claim = (key: string, candidate: (n: number) => number) => {
  if (ids.has(key)) return ids.get(key)!;
  let n = 0;
  while (taken.has(candidate(n))) n++;
  const id = candidate(n);
  ids.set(key, id);
  taken.add(id);
  return id;
};

const lines: string[] = [];
let added = 0;
for (const module of MODULES) {
  const before = ids.size;
  const moduleId = claim(module.key, (n) => (module.ordinal + n * 100) * 10000);
  lines.push(`  ${JSON.stringify(module.key)}: ${moduleId},`);
  for (const page of module.pages) {
    const pageId = claim(permOf(module.key, page.page, 'view'), (n) => moduleId + 100 * (1 + n));
    const buttons = page.actions.map(
      (action) => `${JSON.stringify(permOf(module.key, page.page, action))}: ${claim(permOf(module.key, page.page, action), (n) => pageId + 1 + n)}`,
    );
    lines.push(`  ${JSON.stringify(permOf(module.key, page.page, 'view'))}: ${pageId},${buttons.length ? ` ${buttons.join(', ')},` : ''}`);
  }
  added += ids.size - before;
}

// A page or button no longer in the catalogue keeps its id, reserved, so no new one ever takes it.
const current = new Set(
  MODULES.flatMap((module) => [
    module.key,
    ...module.pages.flatMap((page) => ['view', ...page.actions].map((a) => permOf(module.key, page.page, a))),
  ]),
);
const retired = [...ids].filter(([key]) => !current.has(key));
if (retired.length)
  lines.push('  // Retired: no longer in the catalogue, never given again.', ...retired.map(([key, id]) => `  ${JSON.stringify(key)}: ${id},`));

fs.writeFileSync(
  file,
  `/**
 * Every menu row's id (menus.id), by its module key or permission string. Written by \`npm run menus:ids\`
 * (scripts/menu-ids.ts): an id, once given, is never moved or re-used, so inserting a page anywhere in the
 * catalogue leaves every role grant and package pointing at the page it was given for.
 */
export const MENU_IDS: Readonly<Record<string, number>> = {
${lines.join('\n')}
};
`,
);
process.stdout.write(`${added} new menu ids; ${ids.size} in all\n`);
