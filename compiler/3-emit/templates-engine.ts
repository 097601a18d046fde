/**
 * Handlebars templates, precompiled at build time (`npm run gen:templates`,
 * compiler/3-emit/generated/precompiled-templates.ts, each with the options
 * it is rendered with) and made into functions by Handlebars' runtime once
 * per process on first use: a run neither loads Handlebars' compiler nor
 * compiles a template, and a command that renders no template (`render`,
 * `validate`) does not load the runtime either (it is CommonJS: a
 * synchronous require, which the command line's bundle resolves at build
 * time).
 */
import { createRequire } from 'node:module';
import type HandlebarsModule from 'handlebars';
import { precompiledTemplates } from './generated/precompiled-templates.js';

const require = createRequire(import.meta.url);
/** Each precompiled template's function, by its spec (made once: a pure function of the spec). */
const made = new WeakMap<object, HandlebarsModule.TemplateDelegate>();

/** The template of templates/ named `name`, ready to render; throws when there is no such template. */
export function compiledTemplate(name: string): HandlebarsModule.TemplateDelegate {
  const spec = precompiledTemplates[name];
  if (spec === undefined) throw new Error(`no template ${name} in templates/`);
  let template = made.get(spec);
  if (template === undefined) {
    const runtime = require('handlebars/runtime') as typeof HandlebarsModule;
    template = runtime.template(spec as TemplateSpecification);
    made.set(spec, template);
  }
  return template;
}
