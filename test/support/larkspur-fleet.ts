/**
 * A small fleet unlike the bundled example, for the pull-request report's
 * tests: base `cluster.larkspur.io` on Route 53 and Google Cloud DNS, prod
 * landscapes `euprod` (FRA: euprod-blue, euprod-green) and `usprod` (IAD:
 * usprod-blue), the virtual landscape `world` over both, the sign-in platform
 * `aspen` and the platform `juniper` (services cart, pay, till), with a claim
 * on `api.cart.juniper.euprod…`. {@link larkspurChange} is a pull request on
 * it: euprod-green leaves DNS (`traffic: false`), usprod-green joins, the
 * claim moves `/pay` and replaces `/till` with `/receipts`, and juniper
 * starts serving on the new landscape `usdev`.
 */

const CLUSTER = (landscape: string, mark: string, provider: string, account: string, traffic: boolean): string =>
  `landscape: ${landscape}\nmark: ${mark}\nprovider: ${provider}\naccount: ${account}\ntraffic: ${traffic}\n`;

const PIN = 'pin:\n  chart: "2.3.0"\n  image: "2.3.0"\n';

function rows(platform: string, services: readonly string[], landscapes: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const service of services) for (const landscape of landscapes) out[`platforms/${platform}/${service}/${landscape}.yaml`] = PIN;
  return out;
}

/** The base revision of the fleet, path → text. */
export function larkspurBase(): Record<string, string> {
  return {
    'registry/fleet.yaml': [
      'example: true',
      'dns:',
      '  base: cluster.larkspur.io',
      '  ttl: 120',
      '  hosts:',
      '    - name: r53',
      '      provider: route53',
      '      nameservers: {cluster.larkspur.io: [ns-7.awsdns-01.com, ns-8.awsdns-02.net]}',
      '    - name: gcloud',
      '      provider: google',
      '      nameservers: {cluster.larkspur.io: [ns-cloud-c1.googledomains.com, ns-cloud-c2.googledomains.com]}',
      'addressBooks:',
      '  allowlist: [cluster.larkspur.io]',
      '  places: [https://books.larkspur.io]',
      'issuer: { module: api, service: login, platform: aspen }',
      'primordial: { server: https://kubernetes.default.svc, argocdNamespace: argocd }',
      'git: { repoURL: https://git.larkspur.io/ops/fleet.git, branch: trunk }',
      'artifacts:',
      '  image: ghcr.io/larkspur/{platform}.{service}',
      '  appChart: oci://ghcr.io/larkspur/charts/{platform}.{service}',
      '  primordialChart: oci://ghcr.io/larkspur/charts/{platform}.{service}-primordial',
      '',
    ].join('\n'),
    'registry/regions.yaml': [
      'regions:',
      '  FRA: {providers: [aws, hetzner], lat: 50.03, lon: 8.57, googleRegion: europe-west3}',
      '  IAD: {providers: [aws, hetzner], lat: 38.94, lon: -77.46, googleRegion: us-east4}',
      '',
    ].join('\n'),
    'registry/accounts/aws-prod.yaml': 'vendor: aws\nname: prod\n',
    'registry/accounts/hetzner-prod.yaml': 'vendor: hetzner\nname: prod\n',
    'registry/landscapes/euprod.yaml': 'name: euprod\nregion: FRA\ntier: prod\n',
    'registry/landscapes/usprod.yaml': 'name: usprod\nregion: IAD\ntier: prod\n',
    'registry/landscapes/usdev.yaml': 'name: usdev\nregion: IAD\ntier: dev\n',
    'registry/vlandscapes/world.yaml': 'name: world\nmembers:\n  - { landscape: euprod, serve: true }\n  - { landscape: usprod, serve: true }\n',
    'registry/clusters/euprod-blue.yaml': CLUSTER('euprod', 'blue', 'aws', 'aws-prod', true),
    'registry/clusters/euprod-green.yaml': CLUSTER('euprod', 'green', 'hetzner', 'hetzner-prod', true),
    'registry/clusters/usprod-blue.yaml': CLUSTER('usprod', 'blue', 'aws', 'aws-prod', true),
    'registry/clusters/usdev-amber.yaml': CLUSTER('usdev', 'amber', 'hetzner', 'hetzner-prod', true),
    'state/clusters/euprod-blue.yaml': 'addresses: [192.0.2.11, 2001:db8:e::11]\n',
    'state/clusters/euprod-green.yaml': 'addresses: [192.0.2.13, 2001:db8:e::13]\n',
    'state/clusters/usprod-blue.yaml': 'addresses: [198.51.100.21]\n',
    'state/clusters/usdev-amber.yaml': 'addresses: [198.51.100.41]\n',
    'carbon/aspen/platform.yaml':
      'name: aspen\nlandscapes: [usdev, euprod, usprod]\nstages: [usdev, [euprod, usprod]]\nservices:\n  login: { modules: [api] }\n',
    'carbon/juniper/platform.yaml':
      'name: juniper\nlandscapes: [euprod, usprod]\nstages: [[euprod, usprod]]\nvlandscapes: [world]\nservices:\n  cart: { modules: [api] }\n  pay: { modules: [api] }\n  till: { modules: [api] }\n',
    ...rows('aspen', ['login'], ['usdev', 'euprod', 'usprod']),
    ...rows('juniper', ['cart', 'pay', 'till'], ['euprod', 'usprod']),
    'claims/domains/api.cart.juniper.euprod.cluster.larkspur.io.json': `${JSON.stringify(
      { account: 'juniper', app: 'cart', paths: { pay: 'api.pay.juniper.euprod.cluster.larkspur.io', till: 'api.till.juniper.euprod.cluster.larkspur.io' } },
      null,
      2,
    )}\n`,
  };
}

/** The files the pull request changes (null: removed). */
export function larkspurChange(): Record<string, string | null> {
  return {
    'registry/clusters/euprod-green.yaml': CLUSTER('euprod', 'green', 'hetzner', 'hetzner-prod', false),
    'registry/clusters/usprod-green.yaml': CLUSTER('usprod', 'green', 'hetzner', 'hetzner-prod', true),
    'state/clusters/usprod-green.yaml': 'addresses: [198.51.100.23]\n',
    'carbon/juniper/platform.yaml':
      'name: juniper\nlandscapes: [usdev, euprod, usprod]\nstages: [usdev, [euprod, usprod]]\nvlandscapes: [world]\nservices:\n  cart: { modules: [api] }\n  pay: { modules: [api] }\n  till: { modules: [api] }\n',
    ...rows('juniper', ['cart', 'pay', 'till'], ['usdev']),
    'claims/domains/api.cart.juniper.euprod.cluster.larkspur.io.json': `${JSON.stringify(
      {
        account: 'juniper',
        app: 'cart',
        paths: { pay: 'api.till.juniper.euprod.cluster.larkspur.io', receipts: 'api.pay.juniper.euprod.cluster.larkspur.io' },
      },
      null,
      2,
    )}\n`,
  };
}
