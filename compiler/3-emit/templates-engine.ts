/**
 * Handlebars templates, compiled once per process on first use. Handlebars
 * is loaded then too (it is CommonJS, so a synchronous require), not when a
 * command that renders no template (`render`, `validate`) starts.
 */
import { createRequire } from 'node:module';
import type HandlebarsModule from 'handlebars';

const require = createRequire(import.meta.url);
const compiled = new Map<string, HandlebarsModule.TemplateDelegate>();

/** The template `source` (named `name`), compiled with `noEscape` and `strict` the first time it is asked for. */
export function compiledTemplate(name: string, source: string): HandlebarsModule.TemplateDelegate {
  let template = compiled.get(name);
  if (template === undefined) {
    const handlebars = require('handlebars') as typeof HandlebarsModule;
    template = handlebars.create().compile(source, { noEscape: true, strict: true });
    compiled.set(name, template);
  }
  return template;
}
