// Generated from templates/*.hbs by `npm run gen:templates`. Do not edit.

/** Every Handlebars template of templates/, keyed by file name. */
export const templates: Readonly<Record<string, string>> = {
  'zone.hbs':
    '{{comment}}\n$ORIGIN {{origin}}\n$TTL {{ttl}}\n@ {{ttl}} IN SOA {{soa.primary}} {{soa.contact}} (\n    {{soa.serial}} ; serial\n    {{soa.refresh}} ; refresh\n    {{soa.retry}} ; retry\n    {{soa.expire}} ; expire\n    {{soa.minimum}} ; minimum\n)\n{{#each nameservers}}\n@ {{../ttl}} IN NS {{this}}\n{{/each}}\n{{#each records}}\n{{owner}} {{ttl}} IN {{type}} {{rdata}}\n{{/each}}\n',
};
