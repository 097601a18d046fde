// compiler/3-emit/generated/templates.ts must be exactly what
// `npm run gen:templates` produces from templates/*.hbs now.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, TEMPLATE_MODULE, templateModule } from '../../scripts/embed-templates-lib.mjs';

describe('compiler/3-emit/generated/templates.ts', () => {
  it('embeds templates/*.hbs as they are (run `npm run gen:templates`)', async () => {
    expect(readFileSync(path.join(ROOT, TEMPLATE_MODULE), 'utf8')).toBe(await templateModule());
  }, 60_000);

  it('holds the zone file template', async () => {
    const { templates } = await import('../../compiler/3-emit/generated/templates.js');
    expect(templates['zone.hbs']).toBe(readFileSync(path.join(ROOT, 'templates', 'zone.hbs'), 'utf8'));
  });
});
