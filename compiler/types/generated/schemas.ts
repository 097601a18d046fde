// Generated from schemas/*.schema.json by `npm run gen:types`. Do not edit.

/** Every input schema of SPEC §2, keyed by input kind (the schema file name without `.schema.json`). */
export const inputSchemas: Readonly<Record<string, object>> = {
  account: {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: 'account.schema.json',
    title: 'Account',
    description: 'A cloud account: registry/accounts/<vendor>-<name>.yaml (docs/fleet-reference.md). Clusters name it by its file stem.',
    type: 'object',
    additionalProperties: false,
    required: ['vendor', 'name'],
    properties: {
      vendor: {
        description:
          'The vendor (a provider name such as `digitalocean` or `aws`); a cluster using this account must use this provider. The first part of the file stem.',
        type: 'string',
        minLength: 1,
        maxLength: 32,
        pattern: '^[a-z][a-z0-9]*$',
        'x-diene-codes': { pattern: 'name_invalid', minLength: 'name_length', maxLength: 'name_length' },
      },
      name: {
        description:
          "The account's name within the vendor: lower-case letters and digits, hyphens between them. The part of the file stem after the first hyphen.",
        type: 'string',
        minLength: 1,
        maxLength: 32,
        pattern: '^[a-z0-9]+(-[a-z0-9]+)*$',
        'x-diene-codes': { pattern: 'name_invalid', minLength: 'name_length', maxLength: 'name_length' },
      },
    },
    examples: [{ vendor: 'digitalocean', name: 'main' }],
  },
  claim: {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: 'claim.schema.json',
    title: 'Claim',
    description:
      'A path-routing claim: claims/domains/<host>.json, written by the app that owns the host (docs/fleet-reference.md, docs/path-routing.md). Maps a first path segment (a prefix) of the host to a target host. Prefix and target rules and the tenancy gates are checked by the compiler.',
    type: 'object',
    additionalProperties: false,
    required: ['account', 'app', 'paths'],
    'x-diene-codes': { required: 'claim_key_missing', 'required:paths': 'claim_paths_missing' },
    properties: {
      account: { $ref: '#/definitions/platformName', description: 'The claiming account: the platform of the host.' },
      app: { $ref: '#/definitions/serviceName', description: 'The claiming app: the service of the host.' },
      paths: {
        description:
          'The prefix map, by prefix (one bare path segment: no slash, not `.` or `..`, no percent-encoding) to target host (a ready service host of the same account and landscape). Required; `{}` clears the map.',
        type: 'object',
        additionalProperties: { description: 'The target host name.', type: 'string' },
      },
    },
    examples: [{ account: 'nitroso', app: 'tin', paths: { paulca: 'api.zinc.nitroso.raichu.cluster.atomi.cloud' } }],
    definitions: {
      platformName: {
        description: 'A platform name: a lower-case letter, then lower-case letters or digits, 5 to 16 characters (docs/fleet-reference.md).',
        type: 'string',
        minLength: 5,
        maxLength: 16,
        pattern: '^[a-z][a-z0-9]*$',
        'x-diene-codes': { pattern: 'name_invalid', minLength: 'platform_name_too_short', maxLength: 'name_length' },
      },
      serviceName: {
        description: 'A service name: a lower-case letter, then lower-case letters or digits, 1 to 16 characters (docs/fleet-reference.md).',
        type: 'string',
        minLength: 1,
        maxLength: 16,
        pattern: '^[a-z][a-z0-9]*$',
        'x-diene-codes': { pattern: 'name_invalid', minLength: 'name_length', maxLength: 'name_length' },
      },
    },
  },
  'cluster-state': {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: 'cluster-state.schema.json',
    title: 'ClusterState',
    description:
      'Machine-written state of a cluster: state/clusters/<landscape>-<mark>.yaml, written by T3 (docs/fleet-reference.md). A cluster is built once its state file lists an address; a cluster without a state file contributes no address.',
    type: 'object',
    additionalProperties: false,
    required: ['addresses'],
    properties: {
      addresses: {
        description:
          "The cluster's fixed load-balancer addresses (IPv4 and IPv6), global unicast only; documentation ranges only when fleet.yaml says `example: true`.",
        type: 'array',
        uniqueItems: true,
        items: { $ref: '#/definitions/ipAddress' },
      },
    },
    examples: [{ addresses: ['203.0.113.21', '2001:db8::21'] }],
    definitions: {
      ipAddress: {
        description: 'An IPv4 address in dotted-quad form or an IPv6 address (checked by the compiler, which says which form it expected: `address_invalid`).',
        type: 'string',
      },
    },
  },
  cluster: {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: 'cluster.schema.json',
    title: 'Cluster',
    description: 'A cluster: registry/clusters/<landscape>-<mark>.yaml (docs/fleet-reference.md). The file name must agree with `landscape` and `mark`.',
    type: 'object',
    additionalProperties: false,
    required: ['landscape', 'mark', 'provider', 'account', 'traffic'],
    properties: {
      landscape: { $ref: '#/definitions/landscapeName', description: 'The landscape the cluster belongs to.' },
      mark: { $ref: '#/definitions/markName', description: "The cluster's mark (a gem name), unique within its landscape; `primordial` is reserved." },
      provider: {
        $ref: '#/definitions/providerName',
        description: "The provider that runs the cluster; (the landscape's region, provider) must be listed in regions.yaml.",
      },
      account: {
        description:
          'The account the cluster runs under: the file stem `<vendor>-<name>` of a registry/accounts/ file whose vendor is the provider. The compiler checks it against the accounts (`cluster_account_invalid`, `cluster_account_unknown`).',
        type: 'string',
        minLength: 3,
        maxLength: 65,
        'x-diene-codes': { minLength: 'name_length', maxLength: 'name_length' },
      },
      traffic: { description: "True = the cluster's addresses are in its landscape's DNS answers. Required, no default.", type: 'boolean' },
    },
    examples: [{ landscape: 'raichu', mark: 'ruby', provider: 'digitalocean', account: 'digitalocean-main', traffic: false }],
    definitions: {
      landscapeName: {
        description:
          'A landscape name (also used for virtual landscapes): a lower-case letter, then lower-case letters or digits, 1 to 12 characters; no hyphens, so joined names cannot collide (docs/fleet-reference.md).',
        type: 'string',
        minLength: 1,
        maxLength: 12,
        pattern: '^[a-z][a-z0-9]*$',
        'x-diene-codes': { pattern: 'name_invalid', minLength: 'name_length', maxLength: 'name_length' },
      },
      markName: {
        description:
          "A cluster's mark (a gem name): a lower-case letter, then lower-case letters or digits, 1 to 10 characters. The mark `primordial` is reserved; the compiler refuses it (docs/fleet-reference.md).",
        type: 'string',
        minLength: 1,
        maxLength: 10,
        pattern: '^[a-z][a-z0-9]*$',
        'x-diene-codes': { pattern: 'name_invalid', minLength: 'name_length', maxLength: 'name_length' },
      },
      providerName: {
        description:
          'A cloud provider (vendor) name as used in regions.yaml, cluster files and account files, e.g. `digitalocean` or `aws`: a lower-case letter, then lower-case letters or digits.',
        type: 'string',
        minLength: 1,
        maxLength: 32,
        pattern: '^[a-z][a-z0-9]*$',
      },
    },
  },
  'dns-health': {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: 'dns-health.schema.json',
    title: 'DnsHealth',
    description:
      "Cluster health for the traffic planner (`diene plan dns --health FILE`, docs/dns.md): whether each cluster accepts traffic. A cluster missing from the file counts as up; a down cluster's addresses leave the landscape and virtual names (never its own ops names), within the planner's brakes.",
    type: 'object',
    additionalProperties: false,
    required: ['clusters'],
    properties: {
      clusters: {
        description: 'Health by cluster name (`<landscape>-<mark>`).',
        type: 'object',
        additionalProperties: { $ref: '#/definitions/clusterHealth' },
      },
    },
    examples: [{ clusters: { 'raichu-opal': { acceptingTraffic: false }, 'ampharos-pearl': { acceptingTraffic: true } } }],
    definitions: {
      clusterHealth: {
        description: "One cluster's health.",
        type: 'object',
        additionalProperties: false,
        required: ['acceptingTraffic'],
        properties: {
          acceptingTraffic: { description: "false takes the cluster's addresses out of its landscape's and virtual landscapes' names.", type: 'boolean' },
        },
      },
    },
  },
  'dns-plan': {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: 'dns-plan.schema.json',
    title: 'DnsPlan',
    description:
      "The record sets of one DNS zone on one host, version 1 (docs/dns.md). `diene compile` writes the wanted state as dns/<zone>/<host>.json (and the parent's delegation as dns/<parent>/delegation.json); `diene plan dns --live` reads a live snapshot in the same format, exported from the host, so the compiler's own output used as live state plans zero changes. Compiled plans are canonical: names lower case in their xn-- form without a trailing dot, values sorted, IPv6 compressed. A snapshot may spell names and values as the host returns them (any case, a trailing dot, U-labels, escapes: \\ooo octal for route53, RFC 1035 \\DDD decimal otherwise); the planner canonicalizes before comparing. A snapshot holds every record set the host returned; the planner manages only the names diene generates and leaves every other record set alone.",
    type: 'object',
    additionalProperties: false,
    required: ['version', 'zone', 'recordSets'],
    properties: {
      version: { description: 'The format version: 1. A reader refuses a version it does not know.', type: 'integer', minimum: 1 },
      zone: { description: "The zone's name, e.g. `cluster.atomi.cloud`.", type: 'string', minLength: 1, maxLength: 254 },
      host: {
        description:
          'The DNS host (a `dns.hosts[].name` of fleet.yaml for the base zones; any host name for a snapshot of the parent zone). Absent only in the compiled delegation plan, whose host the fleet does not name.',
        type: 'string',
        minLength: 1,
        maxLength: 63,
        pattern: '^[a-z][a-z0-9]*(-[a-z0-9]+)*$',
      },
      provider: {
        description: 'The host kind. It tells the planner how the host escapes names (Route 53 returns `*` as the octal escape `\\052`).',
        type: 'string',
        enum: ['route53', 'google', 'cloudflare', 'rfc2136', 'powerdns'],
      },
      delegates: {
        description: 'Delegation plans only: the base zone whose NS records this parent-zone plan holds.',
        type: 'string',
        minLength: 1,
        maxLength: 254,
      },
      recordSets: {
        description:
          'The record sets, identified by (name, type, setIdentifier). Compiled plans sort them by name in DNS canonical order (RFC 4034 §6.1), then type, then set identifier.',
        type: 'array',
        items: { $ref: '#/definitions/recordSet' },
      },
    },
    examples: [
      {
        version: 1,
        zone: 'cluster.atomi.cloud',
        host: 'route53',
        provider: 'route53',
        recordSets: [
          { name: 'raichu.cluster.atomi.cloud', type: 'A', ttl: 60, values: ['203.0.113.20'] },
          { name: '*.raichu.cluster.atomi.cloud', type: 'CNAME', ttl: 60, values: ['raichu.cluster.atomi.cloud'] },
          {
            name: '*.mew.cluster.atomi.cloud',
            type: 'A',
            ttl: 60,
            setIdentifier: 'raichu',
            geoproximity: { latitude: '1.36', longitude: '103.99' },
            values: ['203.0.113.20'],
          },
        ],
      },
      {
        version: 1,
        zone: 'cluster.atomi.cloud',
        host: 'google',
        provider: 'google',
        recordSets: [
          {
            name: '*.mew.cluster.atomi.cloud',
            type: 'A',
            ttl: 60,
            geo: [
              { location: 'asia-southeast1', values: ['203.0.113.20'] },
              { location: 'us-east4', values: ['198.51.100.30', '198.51.100.31'] },
            ],
          },
          {
            name: 'cluster.atomi.cloud.',
            type: 'SOA',
            ttl: 21600,
            values: ['ns-cloud-a1.googledomains.com. cloud-dns-hostmaster.google.com. 1 21600 3600 259200 300'],
          },
        ],
      },
      {
        version: 1,
        zone: 'atomi.cloud',
        delegates: 'cluster.atomi.cloud',
        recordSets: [{ name: 'cluster.atomi.cloud', type: 'NS', ttl: 86400, values: ['ns-101.awsdns-12.com', 'ns-cloud-a1.googledomains.com'] }],
      },
    ],
    definitions: {
      recordSet: {
        description:
          'One record set: every record of one name and type (and, on Route 53, one set identifier). Exactly one of `values` and `geo` (beside `geo`, `values` may only be absent).',
        type: 'object',
        additionalProperties: false,
        required: ['name', 'type', 'ttl'],
        if: { properties: { geo: true }, required: ['geo'] },
        then: { properties: { values: { type: 'array', maxItems: 0 } } },
        else: { properties: { values: true }, required: ['values'] },
        dependencies: { geoproximity: ['setIdentifier'] },
        properties: {
          name: { description: 'The owner name, fully qualified.', type: 'string', minLength: 1, maxLength: 1024 },
          type: { description: 'The record type, e.g. `A`, `AAAA`, `CNAME`, `NS`, `TXT`, `SOA`.', type: 'string', pattern: '^[A-Za-z][A-Za-z0-9]*$' },
          ttl: { description: 'Time to live in seconds.', type: 'integer', minimum: 0, maximum: 2147483647 },
          values: {
            description: "The records' data in presentation form (addresses, host names, quoted TXT strings).",
            type: 'array',
            items: { description: "One record's data.", type: 'string' },
          },
          setIdentifier: {
            description:
              "Route 53 routed record sets only: the set identifier that tells the sets of one name and type apart (diene uses the member landscape's name).",
            type: 'string',
            minLength: 1,
            maxLength: 128,
          },
          geoproximity: { $ref: '#/definitions/geoproximity', description: "Route 53 geoproximity routing: where this set's resources are." },
          geo: {
            description: 'Google Cloud DNS GEO routing policy: one item per Google Cloud region, in place of `values`.',
            type: 'array',
            minItems: 1,
            items: { $ref: '#/definitions/geoItem' },
          },
        },
      },
      geoproximity: {
        description: 'Route 53 GeoProximityLocation.Coordinates: decimal degrees as strings, two decimals at most.',
        type: 'object',
        additionalProperties: false,
        required: ['latitude', 'longitude'],
        properties: {
          latitude: { description: 'Latitude, -90 to 90.', type: 'string', pattern: '^-?[0-9]+(\\.[0-9]+)?$' },
          longitude: { description: 'Longitude, -180 to 180.', type: 'string', pattern: '^-?[0-9]+(\\.[0-9]+)?$' },
        },
      },
      geoItem: {
        description: 'One item of a GEO routing policy.',
        type: 'object',
        additionalProperties: false,
        required: ['location', 'values'],
        properties: {
          location: { description: 'A Google Cloud region, e.g. `asia-southeast1` (regions.yaml `googleRegion`).', type: 'string', minLength: 1 },
          values: {
            description: "The records' data answered to queries routed to this location.",
            type: 'array',
            items: { description: "One record's data.", type: 'string' },
          },
        },
      },
    },
  },
  fleet: {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: 'fleet.schema.json',
    title: 'Fleet',
    description:
      'Fleet-wide settings: registry/fleet.yaml, one file per fleet (docs/fleet-reference.md). Names the DNS bases and the hosts that serve them, where the address books are published, the sign-in issuer, the control cluster (Primordial), the fleet git repository and the artifact locations.',
    type: 'object',
    additionalProperties: false,
    required: ['dns', 'addressBooks', 'issuer', 'primordial', 'git', 'artifacts'],
    properties: {
      example: {
        description:
          'True only for sample fleets: allows the documentation address ranges (192.0.2.0/24, 198.51.100.0/24, 203.0.113.0/24, 2001:db8::/32) in state files (docs/fleet-reference.md).',
        type: 'boolean',
        default: false,
      },
      dns: {
        $ref: '#/definitions/dns',
        description: 'DNS settings: the bases, the TTL, the hosts serving both bases and the optional parent delegation (docs/dns.md).',
      },
      addressBooks: {
        $ref: '#/definitions/addressBooks',
        description: 'Address-book settings: the allowlisted roots and the places where the books are published (docs/books.md).',
      },
      issuer: {
        $ref: '#/definitions/issuer',
        description:
          'The sign-in service whose hostname gives each landscape its issuer URL `https://<module>.<service>.<platform>.<landscape>.<base>/oidc` (docs/fleet-reference.md).',
      },
      intake: {
        $ref: '#/definitions/intake',
        description:
          'Optional: the webhook intake service; its host names `<module>.<service>.<platform>.<landscape|vlandscape>.<base|spare>` are handed to third-party senders and are permanent (docs/checks.md).',
      },
      primordial: { $ref: '#/definitions/primordial', description: 'The control cluster (Primordial) where ArgoCD runs.' },
      git: { $ref: '#/definitions/git', description: 'The fleet git repository that ArgoCD and Kargo read and Kargo writes.' },
      artifacts: { $ref: '#/definitions/artifacts', description: "Where each service's image and charts live; `{platform}` and `{service}` are substituted." },
      retired: {
        description:
          'Permanent identifiers retired on purpose (docs/checks.md): `diene compile --check --base DIR` and `diene report --base DIR` refuse a change or removal of a published issuer URL, landscape region, base or spare domain, virtual landscape name, intake host name or Doc A place unless it is listed here. Entries are a record: keep them.',
        type: 'array',
        uniqueItems: true,
        items: { $ref: '#/definitions/retirement' },
      },
    },
    examples: [
      {
        example: false,
        dns: {
          base: 'cluster.atomi.cloud',
          spare: 'cluster.atomi-spare.net',
          ttl: 60,
          hosts: [
            {
              name: 'route53',
              provider: 'route53',
              nameservers: {
                'cluster.atomi.cloud': ['ns-101.awsdns-12.com', 'ns-202.awsdns-25.net'],
                'cluster.atomi-spare.net': ['ns-303.awsdns-37.org', 'ns-404.awsdns-50.co.uk'],
              },
            },
            {
              name: 'google',
              provider: 'google',
              nameservers: {
                'cluster.atomi.cloud': ['ns-cloud-a1.googledomains.com', 'ns-cloud-a2.googledomains.com'],
                'cluster.atomi-spare.net': ['ns-cloud-b1.googledomains.com', 'ns-cloud-b2.googledomains.com'],
              },
            },
          ],
          parent: { zone: 'atomi.cloud', ttl: 86400 },
        },
        addressBooks: {
          allowlist: ['cluster.atomi.cloud', 'cluster.atomi-spare.net'],
          places: ['https://books.atomi.cloud', 'https://d111111abcdef8.cloudfront.net'],
        },
        issuer: { module: 'api', service: 'lithium', platform: 'aldehyde' },
        primordial: { server: 'https://kubernetes.default.svc', argocdNamespace: 'argocd' },
        git: { repoURL: 'https://github.com/AtomiCloud/fleet.git', branch: 'main' },
        artifacts: {
          image: 'ghcr.io/atomicloud/{platform}.{service}',
          appChart: 'oci://ghcr.io/atomicloud/charts/{platform}.{service}',
          primordialChart: 'oci://ghcr.io/atomicloud/charts/{platform}.{service}-primordial',
        },
      },
      {
        example: true,
        dns: {
          base: 'cluster.lab.test',
          ttl: 60,
          hosts: [
            {
              name: 'lab',
              provider: 'rfc2136',
              nameservers: { 'cluster.lab.test': ['ns1.lab.test'] },
              server: '127.0.0.1:5353',
              tsig: { name: 'diene', algorithm: 'hmac-sha256', secretEnv: 'DIENE_TSIG_SECRET' },
            },
            {
              name: 'pdns',
              provider: 'powerdns',
              nameservers: { 'cluster.lab.test': ['ns1.lab.test'] },
              url: 'http://127.0.0.1:8081',
              apiKeyEnv: 'PDNS_API_KEY',
            },
          ],
        },
        addressBooks: { allowlist: ['cluster.lab.test'], places: ['https://books.lab.test'] },
        issuer: { module: 'api', service: 'lithium', platform: 'aldehyde' },
        primordial: { server: 'https://kubernetes.default.svc', argocdNamespace: 'argocd' },
        git: { repoURL: 'https://git.lab.test/fleet.git', branch: 'main' },
        artifacts: {
          image: 'registry.lab.test/{platform}.{service}',
          appChart: 'oci://registry.lab.test/charts/{platform}.{service}',
          primordialChart: 'oci://registry.lab.test/charts/{platform}.{service}-primordial',
        },
      },
    ],
    definitions: {
      dns: {
        description: 'DNS settings of the fleet (docs/dns.md).',
        type: 'object',
        additionalProperties: false,
        required: ['base', 'ttl', 'hosts'],
        properties: {
          base: {
            $ref: '#/definitions/dnsName',
            description: 'The main base domain; every service hostname is `<module>.<service>.<platform>.<landscape>.<base>`.',
          },
          spare: {
            $ref: '#/definitions/dnsName',
            description: 'Optional spare base (a second domain) served by the same hosts; address books list it after the main base.',
          },
          ttl: {
            $ref: '#/definitions/ttl',
            description: "The TTL in seconds of every record set the compiler writes; a TTL below a host's minimum is refused.",
          },
          negativeTtl: {
            description:
              "Optional: how long, in seconds, resolvers cache a miss (NXDOMAIN, no data) in the fleet's zones: the apex SOA's minimum field (RFC 2308). Where a host's API lets diene write the apex SOA, the plan sets it; elsewhere the plan reports the live value. Absent: the SOA is left alone (docs/dns.md).",
            type: 'integer',
            minimum: 0,
            maximum: 86400,
          },
          hosts: {
            description: 'Every DNS host that serves both bases; each gets its own zone plan.',
            type: 'array',
            minItems: 1,
            items: { $ref: '#/definitions/dnsHost' },
          },
          parent: {
            $ref: '#/definitions/parentZone',
            description: "Optional: the parent zone in which to plan the NS delegation of the base to every host's nameservers.",
          },
        },
      },
      dnsHost: {
        description: 'One DNS host and how an applier reaches it. Secrets are never written here: name the environment variable that holds them.',
        type: 'object',
        additionalProperties: false,
        required: ['name', 'provider', 'nameservers'],
        properties: {
          name: {
            description:
              "The host's name, unique in the fleet: lower-case letters and digits, starting with a letter, with single hyphens between them; used in output paths (`dns/<zone>/<host>.json`).",
            type: 'string',
            minLength: 1,
            maxLength: 63,
            pattern: '^[a-z][a-z0-9]*(-[a-z0-9]+)*$',
          },
          provider: {
            description: 'The kind of DNS host: Route 53, Google Cloud DNS, Cloudflare, an RFC 2136 (dynamic update) server or PowerDNS.',
            type: 'string',
            enum: ['route53', 'google', 'cloudflare', 'rfc2136', 'powerdns'],
          },
          nameservers: {
            description: 'The nameservers the host assigned to each zone, by zone name (hosts give each zone its own set).',
            type: 'object',
            minProperties: 1,
            propertyNames: { $ref: '#/definitions/dnsName' },
            additionalProperties: {
              description: "The zone's nameservers on this host, in order.",
              type: 'array',
              minItems: 1,
              uniqueItems: true,
              items: { $ref: '#/definitions/dnsName' },
            },
          },
          server: {
            description:
              'The server an rfc2136 host sends its updates to, as `host:port` or `host` with no spaces (required for provider rfc2136, and only there).',
            type: 'string',
            minLength: 1,
            pattern: '^\\S+$',
          },
          tsig: { $ref: '#/definitions/tsig', description: 'rfc2136 only: the TSIG key that signs updates.' },
          url: {
            description: "The base URL of a powerdns host's HTTP API, starting with `http://` or `https://` (required for provider powerdns, and only there).",
            type: 'string',
            format: 'uri',
            pattern: '^https?://',
          },
          apiKeyEnv: {
            $ref: '#/definitions/envVarName',
            description:
              "powerdns (required there) and cloudflare (optional, default CLOUDFLARE_API_TOKEN): the environment variable holding the API key or token, `DIENE_…` (not `DIENE_GIT_…`) or the provider's standard name, PDNS_API_KEY or CLOUDFLARE_API_TOKEN (`dns_credential_variable_refused`, docs/hardening.md#credentials).",
          },
        },
        if: { properties: { provider: { const: 'rfc2136' } }, required: ['provider'] },
        then: { properties: { server: true }, required: ['server'] },
        else: {
          if: { properties: { provider: { const: 'powerdns' } }, required: ['provider'] },
          then: { properties: { url: true, apiKeyEnv: true }, required: ['url', 'apiKeyEnv'] },
        },
      },
      tsig: {
        description: 'A TSIG key for RFC 2136 updates; the secret is read from an environment variable.',
        type: 'object',
        additionalProperties: false,
        required: ['name', 'algorithm', 'secretEnv'],
        properties: {
          name: { description: 'The key name as the server knows it, without spaces.', type: 'string', minLength: 1, pattern: '^\\S+$' },
          algorithm: {
            description: 'The HMAC algorithm of the key.',
            type: 'string',
            enum: ['hmac-sha1', 'hmac-sha224', 'hmac-sha256', 'hmac-sha384', 'hmac-sha512'],
          },
          secretEnv: {
            $ref: '#/definitions/envVarName',
            description:
              'The environment variable holding the base64 key secret: a `DIENE_…` name, not `DIENE_GIT_…` (`dns_credential_variable_refused`, docs/hardening.md#credentials).',
          },
        },
      },
      parentZone: {
        description: 'The parent zone that delegates the base, for the optional NS delegation plan.',
        type: 'object',
        additionalProperties: false,
        required: ['zone', 'ttl'],
        properties: {
          zone: { $ref: '#/definitions/dnsName', description: 'The parent zone name, e.g. `atomi.cloud` for the base `cluster.atomi.cloud`.' },
          ttl: { $ref: '#/definitions/ttl', description: 'The TTL in seconds of the delegation NS records.' },
        },
      },
      addressBooks: {
        description: 'Address-book settings (docs/books.md).',
        type: 'object',
        additionalProperties: false,
        required: ['allowlist', 'places'],
        properties: {
          allowlist: {
            description: 'The roots baked into clients: every address in a Doc C must sit under one of them on a label boundary.',
            type: 'array',
            minItems: 1,
            uniqueItems: true,
            items: { $ref: '#/definitions/dnsName' },
          },
          places: {
            description: 'The https URLs where the books (Doc A, B and C) are published; every copy of Doc A lists all of them.',
            type: 'array',
            minItems: 1,
            uniqueItems: true,
            items: {
              description: 'An https URL.',
              type: 'string',
              format: 'uri',
              pattern: '^https://\\S+$',
              'x-diene-codes': { pattern: 'book_place_invalid' },
            },
          },
        },
      },
      issuer: {
        description: 'The sign-in service; the issuer of landscape L is `https://<module>.<service>.<platform>.<L>.<base>/oidc`, derived, never typed.',
        type: 'object',
        additionalProperties: false,
        required: ['module', 'service', 'platform'],
        properties: {
          module: {
            $ref: '#/definitions/moduleName',
            description: "The module of the sign-in service that serves the issuer (left out of that service's Doc C).",
          },
          service: { $ref: '#/definitions/serviceName', description: 'The sign-in service.' },
          platform: { $ref: '#/definitions/platformName', description: 'The platform of the sign-in service.' },
        },
      },
      intake: {
        description: 'The webhook intake service (docs/fleet-reference.md: platform mercury, service webhook).',
        type: 'object',
        additionalProperties: false,
        required: ['service', 'platform'],
        properties: {
          service: { $ref: '#/definitions/serviceName', description: 'The intake service.' },
          platform: { $ref: '#/definitions/platformName', description: 'The platform of the intake service.' },
        },
      },
      retirement: {
        description: 'One retired permanent identifier: what it was, when and why it was retired.',
        type: 'object',
        additionalProperties: false,
        required: ['kind', 'value', 'date', 'reason'],
        properties: {
          kind: {
            description:
              "Which identifier: `issuer` (a landscape's issuer URL), `region` (a landscape's region), `base` or `spare` (a DNS base; retiring one also retires the issuer URLs and intake names under it), `vlandscape` (a virtual landscape name), `intake` (an intake host name) or `place` (a Doc A place).",
            type: 'string',
            enum: ['issuer', 'region', 'base', 'spare', 'vlandscape', 'intake', 'place'],
          },
          value: {
            description:
              'The retired value exactly as the base revision had it: the issuer URL, the region code, the domain, the virtual landscape name, the host name or the place URL.',
            type: 'string',
            minLength: 1,
            maxLength: 2048,
          },
          landscape: { description: 'For kind `region` only (required there): the landscape whose region is retired.', $ref: '#/definitions/landscapeName' },
          date: { description: 'The day the retirement was decided (YYYY-MM-DD).', type: 'string', format: 'date' },
          reason: { description: 'Why: what replaced it and who was told (clients, senders, registrars).', type: 'string', minLength: 1, maxLength: 1000 },
        },
        if: { properties: { kind: { const: 'region' } }, required: ['kind'] },
        then: { properties: { landscape: { $ref: '#/definitions/landscapeName' } }, required: ['landscape'] },
      },
      primordial: {
        description: 'The control cluster (Primordial).',
        type: 'object',
        additionalProperties: false,
        required: ['server', 'argocdNamespace'],
        properties: {
          server: {
            description:
              "The Kubernetes API server of Primordial as ArgoCD names it, e.g. `https://kubernetes.default.svc`: `https://<host>[:<port>][/<path>]`, no user name, password, query or fragment, and none of ArgoCD's template syntax (`{{`, `}}`): it is written into an ApplicationSet template (`primordial_server_invalid`, `input_engine_syntax`).",
            type: 'string',
            pattern: '^https://\\S+$',
          },
          argocdNamespace: {
            description:
              "The namespace ArgoCD runs in on Primordial: a DNS-1123 label (it is also written into Kargo's argocd-update steps, where Kargo evaluates expressions).",
            type: 'string',
            minLength: 1,
            maxLength: 63,
            pattern: '^[a-z0-9]([-a-z0-9]*[a-z0-9])?$',
          },
        },
      },
      git: {
        description: 'The fleet git repository.',
        type: 'object',
        additionalProperties: false,
        required: ['repoURL', 'branch'],
        properties: {
          repoURL: {
            description:
              "The repository URL as ArgoCD and Kargo clone it: `https://` or `http://<host>[:<port>]/<path>`, `ssh://[<user>@]<host>[:<port>]/<path>` or `<user>@<host>:<path>`; no password, query or fragment, and none of ArgoCD's or Kargo's template syntax (`{{`, `}}`, `${{`, `${%`, `%}`) (`git_repo_url_invalid`, `input_engine_syntax`).",
            type: 'string',
            minLength: 1,
            pattern: '^\\S+$',
          },
          branch: {
            description:
              "The branch ArgoCD reads and Kargo pushes to: a name `git check-ref-format --branch` accepts, without ArgoCD's or Kargo's template syntax (`{{`, `}}`, `${{`, `${%`, `%}`), which git would allow (`git_branch_invalid`, `input_engine_syntax`).",
            type: 'string',
            minLength: 1,
            pattern: '^\\S+$',
          },
          path: {
            description:
              "The fleet's folder in the repository, from its root, e.g. `fleets/prod`, when the fleet is not at the repository's root (default: the root). Every path diene writes into ArgoCD's and Kargo's objects (the git files generators' row patterns, the promotions' `yaml-update` files) starts with it. Folder names of letters, digits, `.`, `_` and `-` joined by `/`: relative, no leading or trailing `/`, no empty, `.` or `..` part; `.` alone is the root (`git_path_invalid`).",
            type: 'string',
            minLength: 1,
          },
        },
      },
      artifacts: {
        description: 'Artifact locations of every service; `{platform}` and `{service}` are substituted.',
        type: 'object',
        additionalProperties: false,
        required: ['image', 'appChart', 'primordialChart'],
        properties: {
          image: {
            description:
              "The container image repository, e.g. `ghcr.io/atomicloud/{platform}.{service}`: once substituted, `[registry/]path` in the OCI reference grammar (lower-case path components), no scheme, tag or digest; no quote, backslash or template syntax, since Kargo reads it inside `imageFrom('…')` expressions (`artifact_reference_invalid`, `input_engine_syntax`).",
            type: 'string',
            minLength: 1,
            pattern: '^\\S+$',
          },
          appChart: {
            description:
              "The OCI repository of the app chart, deployed to every cluster of a row's landscape: once substituted, `oci://registry/path/chart` in the OCI reference grammar; no quote, backslash or template syntax, since it is written into ApplicationSet templates and Kargo's `chartFrom('…')` expressions (`artifact_reference_invalid`, `input_engine_syntax`).",
            type: 'string',
            pattern: '^oci://\\S+$',
          },
          primordialChart: {
            description:
              'The OCI repository of the primordial chart, deployed once per row to Primordial: once substituted, `oci://registry/path/chart` in the OCI reference grammar, with no spaces, quotes, backslashes or template syntax (the rules of `appChart`).',
            type: 'string',
            pattern: '^oci://\\S+$',
          },
        },
      },
      landscapeName: {
        description:
          'A landscape name (also used for virtual landscapes): a lower-case letter, then lower-case letters or digits, 1 to 12 characters; no hyphens, so joined names cannot collide (docs/fleet-reference.md).',
        type: 'string',
        minLength: 1,
        maxLength: 12,
        pattern: '^[a-z][a-z0-9]*$',
        'x-diene-codes': { pattern: 'name_invalid', minLength: 'name_length', maxLength: 'name_length' },
      },
      platformName: {
        description: 'A platform name: a lower-case letter, then lower-case letters or digits, 5 to 16 characters (docs/fleet-reference.md).',
        type: 'string',
        minLength: 5,
        maxLength: 16,
        pattern: '^[a-z][a-z0-9]*$',
        'x-diene-codes': { pattern: 'name_invalid', minLength: 'platform_name_too_short', maxLength: 'name_length' },
      },
      serviceName: {
        description: 'A service name: a lower-case letter, then lower-case letters or digits, 1 to 16 characters (docs/fleet-reference.md).',
        type: 'string',
        minLength: 1,
        maxLength: 16,
        pattern: '^[a-z][a-z0-9]*$',
        'x-diene-codes': { pattern: 'name_invalid', minLength: 'name_length', maxLength: 'name_length' },
      },
      moduleName: {
        description:
          'A module name, the first label of a service hostname: a lower-case letter, then lower-case letters or digits, 1 to 16 characters (docs/fleet-reference.md).',
        type: 'string',
        minLength: 1,
        maxLength: 16,
        pattern: '^[a-z][a-z0-9]*$',
        'x-diene-codes': { pattern: 'name_invalid', minLength: 'name_length', maxLength: 'name_length' },
      },
      dnsName: {
        description: 'A fully qualified DNS name in lower case, at least two labels, without a trailing dot (IDNs in their `xn--` form).',
        type: 'string',
        minLength: 1,
        maxLength: 253,
        pattern: '^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$',
      },
      envVarName: {
        description:
          'The name of an environment variable that holds a secret at run time: upper-case letters, digits and `_`, not starting with a digit; the secret itself never appears in a file (docs/fleet-reference.md).',
        type: 'string',
        pattern: '^[A-Z_][A-Z0-9_]*$',
      },
      ttl: { description: 'A time to live in seconds.', type: 'integer', minimum: 1, maximum: 2147483647 },
    },
  },
  landscape: {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: 'landscape.schema.json',
    title: 'Landscape',
    description: 'A landscape (an environment): registry/landscapes/<landscape>.yaml (docs/fleet-reference.md). The file name must equal `name`.',
    type: 'object',
    additionalProperties: false,
    required: ['name', 'region', 'tier'],
    properties: {
      name: { $ref: '#/definitions/landscapeName', description: "The landscape's name; equals the file name." },
      region: { $ref: '#/definitions/regionCode', description: 'The region the landscape runs in: a key of regions.yaml.' },
      tier: {
        description: 'The tier: a label only, used by warnings (a prod landscape with fewer than 2 clusters).',
        type: 'string',
        enum: ['dev', 'staging', 'prod'],
      },
    },
    examples: [{ name: 'raichu', region: 'SIN', tier: 'prod' }],
    definitions: {
      landscapeName: {
        description:
          'A landscape name (also used for virtual landscapes): a lower-case letter, then lower-case letters or digits, 1 to 12 characters; no hyphens, so joined names cannot collide (docs/fleet-reference.md).',
        type: 'string',
        minLength: 1,
        maxLength: 12,
        pattern: '^[a-z][a-z0-9]*$',
        'x-diene-codes': { pattern: 'name_invalid', minLength: 'name_length', maxLength: 'name_length' },
      },
      regionCode: {
        description: 'A region code: an IATA airport code, three capital letters (docs/fleet-reference.md).',
        type: 'string',
        pattern: '^[A-Z]{3}$',
        'x-diene-codes': { pattern: 'region_code_invalid' },
      },
    },
  },
  platform: {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: 'platform.schema.json',
    title: 'Platform',
    description:
      "A platform: carbon/<platform>/platform.yaml, copied from the platform's `<platform>.carbon` repository (docs/fleet-reference.md). Lists the landscapes it runs in and the order of promotion between them.",
    type: 'object',
    additionalProperties: false,
    required: ['name', 'landscapes', 'stages'],
    properties: {
      name: { $ref: '#/definitions/platformName', description: "The platform's name; equals the folder name under carbon/." },
      landscapes: {
        description: 'The landscapes the platform runs in; each must appear exactly once in `stages`.',
        type: 'array',
        minItems: 1,
        items: { $ref: '#/definitions/landscapeName' },
      },
      stages: {
        description: 'The promotion order: a step is a landscape name (automatic, health-gated) or a step object; a nested list is a parallel group.',
        type: 'array',
        minItems: 1,
        items: { $ref: '#/definitions/stageEntry' },
      },
      vlandscapes: {
        description: 'Optional: the virtual landscapes this platform serves on; each needs a serving member the platform lists.',
        type: 'array',
        uniqueItems: true,
        items: { $ref: '#/definitions/landscapeName' },
      },
      sharedCharts: {
        description:
          'Optional: the platform\'s shared charts, charts with no image that its services share (docs/argocd.md "Shared charts"). Each lives beside the services\' app charts (the folder of fleet.yaml `artifacts.appChart`, under its own name), is promoted landscape by landscape in `stages:` order by a chart-only Warehouse, its version written to platforms/<platform>/_shared/<chart>/<landscape>.yaml, and deployed on every cluster of a landscape into the namespace <platform>-shared-<chart>.',
        type: 'array',
        uniqueItems: true,
        items: { $ref: '#/definitions/sharedChartName' },
      },
      services: {
        description:
          'Optional per-service facts, by service name. The set of services is the set of row folders, not this map; a service missing here has modules [api].',
        type: 'object',
        propertyNames: { $ref: '#/definitions/serviceName' },
        additionalProperties: { $ref: '#/definitions/service' },
      },
    },
    examples: [
      {
        name: 'nitroso',
        landscapes: ['pichu', 'pikachu', 'raichu', 'ampharos'],
        stages: ['pichu', 'pikachu', ['raichu', 'ampharos']],
        vlandscapes: ['mew'],
        sharedCharts: ['nitroso-common'],
        services: { tin: { modules: ['api'] } },
      },
    ],
    definitions: {
      stageEntry: {
        description: 'One entry of `stages`: a single step, or a parallel group of steps promoted side by side from the previous entry.',
        anyOf: [{ $ref: '#/definitions/stageStep' }, { $ref: '#/definitions/parallelGroup' }],
      },
      parallelGroup: {
        description: 'Steps promoted in parallel; each takes Freight from the previous entry, and the next entry takes Freight verified in every member.',
        type: 'array',
        minItems: 1,
        items: { $ref: '#/definitions/stageStep' },
      },
      stageStep: {
        description: 'A step: a bare landscape name (automatic, health-gated) or a step object.',
        anyOf: [{ $ref: '#/definitions/landscapeName' }, { $ref: '#/definitions/stageStepObject' }],
      },
      stageStepObject: {
        description: 'A step with options.',
        type: 'object',
        additionalProperties: false,
        required: ['landscape'],
        properties: {
          landscape: { $ref: '#/definitions/landscapeName', description: 'The landscape of this step.' },
          gate: { description: '`manual` turns auto-promotion off for this stage.', type: 'string', enum: ['manual'] },
          soak: {
            description: 'The soak time required on the upstream stage before promoting, e.g. `30m`, `1h`, `2h30m`. Not allowed on the first step.',
            type: 'string',
            pattern: '^([0-9]+(s|m|h))+$',
            'x-diene-codes': { pattern: 'stage_soak_invalid' },
          },
          verification: {
            description: 'Kargo analysis templates that verify this stage.',
            type: 'array',
            minItems: 1,
            uniqueItems: true,
            items: {
              description: 'The name of a Kargo AnalysisTemplate: lower-case letters, digits, `-` and `.` (a DNS-1123 subdomain).',
              type: 'string',
              minLength: 1,
              maxLength: 253,
              pattern: '^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$',
            },
          },
        },
      },
      service: {
        description: 'Facts about one service.',
        type: 'object',
        additionalProperties: false,
        properties: {
          modules: {
            description: "The service's modules, the first label of its hostnames `<module>.<service>.<platform>.<landscape>.<base>`.",
            type: 'array',
            minItems: 1,
            uniqueItems: true,
            default: ['api'],
            items: { $ref: '#/definitions/moduleName' },
          },
        },
      },
      platformName: {
        description: 'A platform name: a lower-case letter, then lower-case letters or digits, 5 to 16 characters (docs/fleet-reference.md).',
        type: 'string',
        minLength: 5,
        maxLength: 16,
        pattern: '^[a-z][a-z0-9]*$',
        'x-diene-codes': { pattern: 'name_invalid', minLength: 'platform_name_too_short', maxLength: 'name_length' },
      },
      landscapeName: {
        description:
          'A landscape name (also used for virtual landscapes): a lower-case letter, then lower-case letters or digits, 1 to 12 characters; no hyphens, so joined names cannot collide (docs/fleet-reference.md).',
        type: 'string',
        minLength: 1,
        maxLength: 12,
        pattern: '^[a-z][a-z0-9]*$',
        'x-diene-codes': { pattern: 'name_invalid', minLength: 'name_length', maxLength: 'name_length' },
      },
      sharedChartName: {
        description:
          "A shared chart's name: lower-case letters and digits in words joined by single hyphens, starting with a letter, 1 to 15 characters (its Applications' names, <platform>-shared-<chart>-<landscape>-<mark>, stay within 63).",
        type: 'string',
        minLength: 1,
        maxLength: 15,
        pattern: '^[a-z][a-z0-9]*(-[a-z0-9]+)*$',
      },
      serviceName: {
        description: 'A service name: a lower-case letter, then lower-case letters or digits, 1 to 16 characters (docs/fleet-reference.md).',
        type: 'string',
        minLength: 1,
        maxLength: 16,
        pattern: '^[a-z][a-z0-9]*$',
        'x-diene-codes': { pattern: 'name_invalid', minLength: 'name_length', maxLength: 'name_length' },
      },
      moduleName: {
        description:
          'A module name, the first label of a service hostname: a lower-case letter, then lower-case letters or digits, 1 to 16 characters (docs/fleet-reference.md).',
        type: 'string',
        minLength: 1,
        maxLength: 16,
        pattern: '^[a-z][a-z0-9]*$',
        'x-diene-codes': { pattern: 'name_invalid', minLength: 'name_length', maxLength: 'name_length' },
      },
    },
  },
  regions: {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: 'regions.schema.json',
    title: 'Regions',
    description:
      'The region allow-list: registry/regions.yaml (docs/fleet-reference.md). Each region names the providers allowed in it and where it is, for geo-routed DNS.',
    type: 'object',
    additionalProperties: false,
    required: ['regions'],
    properties: {
      regions: {
        description: 'The regions by IATA airport code (three capital letters).',
        type: 'object',
        minProperties: 1,
        propertyNames: { $ref: '#/definitions/regionCode' },
        additionalProperties: { $ref: '#/definitions/region' },
        'x-diene-codes': { propertyNames: 'region_code_invalid' },
      },
    },
    examples: [
      {
        regions: {
          SIN: { providers: ['digitalocean', 'aws'], lat: 1.36, lon: 103.99, googleRegion: 'asia-southeast1' },
          IAD: { providers: ['aws', 'digitalocean'], lat: 38.94, lon: -77.46, googleRegion: 'us-east4' },
        },
      },
    ],
    definitions: {
      region: {
        description: 'One region: the providers that may run clusters in it and its location.',
        type: 'object',
        additionalProperties: false,
        required: ['providers', 'lat', 'lon', 'googleRegion'],
        properties: {
          providers: {
            description: "The providers allowed in this region; a cluster's (region, provider) pair must be listed (`region_unsupported`).",
            type: 'array',
            minItems: 1,
            uniqueItems: true,
            items: { $ref: '#/definitions/providerName' },
          },
          lat: {
            description: "Latitude in degrees, at most two decimals (Route 53 geoproximity's format; the compiler checks the decimals).",
            type: 'number',
            minimum: -90,
            maximum: 90,
          },
          lon: {
            description: "Longitude in degrees, at most two decimals (Route 53 geoproximity's format; the compiler checks the decimals).",
            type: 'number',
            minimum: -180,
            maximum: 180,
          },
          googleRegion: {
            description:
              'The Google Cloud region nearest to this region, for Google Cloud DNS GEO routing: lower-case words joined by hyphens and ending in digits, e.g. `asia-southeast1`.',
            type: 'string',
            pattern: '^[a-z]+(-[a-z]+)+[0-9]+$',
          },
        },
      },
      regionCode: {
        description: 'A region code: an IATA airport code, three capital letters (docs/fleet-reference.md).',
        type: 'string',
        pattern: '^[A-Z]{3}$',
        'x-diene-codes': { pattern: 'region_code_invalid' },
      },
      providerName: {
        description:
          'A cloud provider (vendor) name as used in regions.yaml, cluster files and account files, e.g. `digitalocean` or `aws`: a lower-case letter, then lower-case letters or digits.',
        type: 'string',
        minLength: 1,
        maxLength: 32,
        pattern: '^[a-z][a-z0-9]*$',
      },
    },
  },
  row: {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: 'row.schema.json',
    title: 'Row',
    description:
      'A row: platforms/<platform>/<service>/<landscape>.yaml, one service in one landscape (docs/fleet-reference.md). T3 writes it empty, Kargo writes versions; the set of services of a platform is the set of row folders.',
    type: 'object',
    additionalProperties: false,
    required: ['pin'],
    'x-diene-codes': { required: 'row_pin_missing' },
    dependencies: { values: ['valuesSince'] },
    properties: {
      pin: { $ref: '#/definitions/pin', description: 'The deployed versions; both keys always present.' },
      values: {
        description: "Optional emergency override of Helm values, merged deeply over the chart's defaults and `values.<landscape>.yaml`; needs `valuesSince`.",
        type: 'object',
        additionalProperties: true,
      },
      valuesSince: {
        description:
          'When the `values` override was set (RFC 3339 date-time); an override older than 7 days is warned about. Required when `values` is present.',
        type: 'string',
        format: 'date-time',
      },
    },
    examples: [
      { pin: { chart: '1.0.1', image: '1.0.1' } },
      { pin: { chart: '1.0.1', image: '1.0.1' }, values: { replicas: 3 }, valuesSince: '2026-11-20T10:00:00Z' },
      { pin: { chart: '', image: '' } },
    ],
    definitions: {
      pin: {
        description: 'The versions in the row, as quoted strings (`"1.10"` must stay a string); `""` means nothing yet, and such a row deploys nothing.',
        type: 'object',
        additionalProperties: false,
        required: ['chart', 'image'],
        'x-diene-codes': { required: 'row_pin_missing' },
        properties: {
          chart: {
            description:
              'The version of the app and primordial charts: letters, digits, `.`, `_`, `+` and `-`, no spaces, starting with a letter, a digit or `_` (a strict semantic version such as `1.4.2` for Kargo to discover it), or `""`.',
            type: 'string',
            maxLength: 128,
            pattern: '^([A-Za-z0-9_][A-Za-z0-9._+-]*)?$',
          },
          image: {
            description:
              'The image tag: letters, digits, `.`, `_`, `+` and `-`, no spaces, starting with a letter, a digit or `_` (a strict semantic version such as `1.4.2` for Kargo to discover it), or `""`.',
            type: 'string',
            maxLength: 128,
            pattern: '^([A-Za-z0-9_][A-Za-z0-9._+-]*)?$',
          },
        },
      },
    },
  },
  'shared-row': {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: 'shared-row.schema.json',
    title: 'SharedRow',
    description:
      "A shared chart's row: platforms/<platform>/_shared/<chart>/<landscape>.yaml, the version of one of the platform's shared charts (carbon/<platform>/platform.yaml `sharedCharts`) in one landscape (docs/fleet-reference.md). Kargo writes the version; Argo CD deploys the chart at it on every cluster of the landscape. It is not a service: it gives no host, route, address-book entry, sign-in or DNS record.",
    type: 'object',
    additionalProperties: false,
    required: ['pin'],
    'x-diene-codes': { required: 'row_pin_missing' },
    properties: {
      pin: {
        description: 'The deployed version of the shared chart.',
        type: 'object',
        additionalProperties: false,
        required: ['chart'],
        'x-diene-codes': { required: 'row_pin_missing' },
        properties: {
          chart: {
            description:
              'The chart\'s version, as a quoted string: a strict semantic version such as `1.4.2` (what Kargo discovers), or `""` for nothing yet, and such a row deploys nothing.',
            type: 'string',
            maxLength: 128,
            pattern: '^((0|[1-9][0-9]*)\\.(0|[1-9][0-9]*)\\.(0|[1-9][0-9]*)(-[0-9A-Za-z-]+(\\.[0-9A-Za-z-]+)*)?(\\+[0-9A-Za-z-]+(\\.[0-9A-Za-z-]+)*)?)?$',
          },
        },
      },
    },
    examples: [{ pin: { chart: '1.2.3' } }, { pin: { chart: '' } }],
  },
  vlandscape: {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: 'vlandscape.schema.json',
    title: 'VirtualLandscape',
    description:
      "A virtual landscape: registry/vlandscapes/<vlandscape>.yaml (docs/fleet-reference.md). One name over several landscapes; DNS answers with the nearest healthy serving member. Its name may not be a landscape's name.",
    type: 'object',
    additionalProperties: false,
    required: ['name', 'members'],
    properties: {
      name: { $ref: '#/definitions/landscapeName', description: "The virtual landscape's name (landscape naming rules); equals the file name." },
      members: { description: 'The member landscapes.', type: 'array', minItems: 1, items: { $ref: '#/definitions/member' } },
    },
    examples: [
      {
        name: 'mew',
        members: [
          { landscape: 'raichu', serve: true },
          { landscape: 'ampharos', serve: true },
        ],
      },
    ],
    definitions: {
      member: {
        description: 'One member landscape of a virtual landscape.',
        type: 'object',
        additionalProperties: false,
        required: ['landscape', 'serve'],
        properties: {
          landscape: { $ref: '#/definitions/landscapeName', description: 'The member landscape.' },
          serve: { description: "True = the member is in the virtual name's geo-routed answers (no default).", type: 'boolean' },
        },
      },
      landscapeName: {
        description:
          'A landscape name (also used for virtual landscapes): a lower-case letter, then lower-case letters or digits, 1 to 12 characters; no hyphens, so joined names cannot collide (docs/fleet-reference.md).',
        type: 'string',
        minLength: 1,
        maxLength: 12,
        pattern: '^[a-z][a-z0-9]*$',
        'x-diene-codes': { pattern: 'name_invalid', minLength: 'name_length', maxLength: 'name_length' },
      },
    },
  },
};
