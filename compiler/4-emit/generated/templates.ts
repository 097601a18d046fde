// Generated from templates/*.hbs by `npm run gen:templates`. Do not edit.

/** Every Handlebars template of templates/, keyed by file name. */
export const templates: Readonly<Record<string, string>> = {
  'route-paths.sql.hbs':
    '{{comment}}\n-- route_paths of landscape {{landscape}}: {{count}} row(s), fingerprint {{fingerprint}}\nBEGIN;\nCREATE TABLE IF NOT EXISTS route_paths (\n  host TEXT NOT NULL,\n  prefix TEXT NOT NULL,\n  target TEXT NOT NULL,\n  account TEXT NOT NULL,\n  app TEXT NOT NULL,\n  PRIMARY KEY (host, prefix)\n);\nDELETE FROM route_paths;\n{{#each batches}}\nINSERT INTO route_paths ({{../columns}}) VALUES\n{{this}};\n{{/each}}\nCOMMIT;\n',
  'zone.hbs':
    '{{comment}}\n$ORIGIN {{origin}}\n$TTL {{ttl}}\n@ {{ttl}} IN SOA {{soa.primary}} {{soa.contact}} (\n    {{soa.serial}} ; serial\n    {{soa.refresh}} ; refresh\n    {{soa.retry}} ; retry\n    {{soa.expire}} ; expire\n    {{soa.minimum}} ; minimum\n)\n{{#each nameservers}}\n@ {{../ttl}} IN NS {{this}}\n{{/each}}\n{{#each records}}\n{{owner}} {{ttl}} IN {{type}} {{rdata}}\n{{/each}}\n',
};
