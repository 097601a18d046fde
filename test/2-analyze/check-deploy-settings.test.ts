/**
 * The fleet.yaml values that reach ArgoCD and Kargo (issue 14), through the
 * compiler: which code each hostile value gets, where, and what the message
 * quotes. Engine syntax is named before the grammar; an artifact is checked
 * as each service's substituted address and the first failing service named;
 * a password in a refused URL never appears in the message.
 */
import { describe, expect, it } from 'vitest';
import { withoutCredentials } from '../../compiler/2-analyze/check-deploy-settings.js';
import type { Diagnostic } from '../../compiler/diagnostics/diagnostic.js';
import { compileFleet } from '../../compiler/index.js';
import { overlayTexts, readFleetTexts, TEST_NOW_SECONDS, toSourceFiles } from '../support/fleet-fixture.js';

const reference = readFleetTexts();
const FLEET = reference.get('registry/fleet.yaml') as string;

function errorsWith(replacements: Record<string, string>, extra: Record<string, string | null> = {}): Diagnostic[] {
  let text = FLEET;
  for (const [from, to] of Object.entries(replacements)) {
    expect(text).toContain(from);
    text = text.replace(from, to);
  }
  const result = compileFleet(toSourceFiles(overlayTexts(reference, { 'registry/fleet.yaml': text, ...extra })), { nowSeconds: TEST_NOW_SECONDS });
  const errors = result.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0) expect(result.outputs).toBeUndefined();
  return errors;
}

const brief = (d: Diagnostic): string => `${d.line}:${d.column} ${d.code}`;

describe('checkDeploySettings', () => {
  it('passes the reference fleet', () => {
    expect(errorsWith({})).toEqual([]);
  });

  it('gives each field one finding, engine syntax before grammar, at the value', () => {
    const errors = errorsWith({
      'server: https://kubernetes.default.svc,': 'server: "https://kubernetes.default.svc/{{.path.path}}",',
      'repoURL: https://github.com/AtomiCloud/fleet.git,': 'repoURL: "https://github.com/AtomiCloud/${%ctx.stage%}",',
      'branch: main }': 'branch: "a..b{{x}}" }',
      'image: ghcr.io/atomicloud/{platform}.{service}': 'image: "ghcr.io/atomicloud/{platform}\\\\x"',
      'appChart: oci://ghcr.io/atomicloud/charts/{platform}.{service}': 'appChart: oci://ghcr.io/atomicloud/charts/{platform}.{service}:1.0.0',
      'primordialChart: oci://ghcr.io/atomicloud/charts/{platform}.{service}-primordial': 'primordialChart: "oci://ghcr.io/atomicloud/charts/`x`"',
    });
    expect(errors.map(brief)).toEqual([
      '32:23 input_engine_syntax',
      '33:17 input_engine_syntax',
      '33:73 input_engine_syntax',
      '35:10 input_engine_syntax',
      '36:13 artifact_reference_invalid',
      '37:20 input_engine_syntax',
    ]);
    expect(errors.map((d) => d.message)).toEqual([
      'primordial.server holds "{{", which opens an ArgoCD Go-template action: "https://kubernetes.default.svc/{{.path.path}}"',
      'git.repoURL holds "${%", which opens a Kargo expression: "https://github.com/AtomiCloud/${%ctx.stage%}"',
      'git.branch holds "{{", which opens an ArgoCD Go-template action: "a..b{{x}}"',
      'artifacts.image holds "\\\\", which escapes inside an expr-lang string literal: "ghcr.io/atomicloud/{platform}\\x"',
      'artifacts.appChart gives "oci://ghcr.io/atomicloud/charts/aldehyde.lithium:1.0.0" for aldehyde/lithium, which is not an OCI chart repository (oci://registry/path/chart): it carries a tag; the version comes from each row\'s pin',
      'artifacts.primordialChart holds "`", which quotes an expr-lang string literal: "oci://ghcr.io/atomicloud/charts/`x`"',
    ]);
    expect(errors[4]?.hint).toBe(
      'write an OCI chart repository (oci://registry/path/chart), e.g. oci://ghcr.io/atomicloud/charts/{platform}.{service} ({platform} and {service} are replaced by each platform and service name): ArgoCD and Kargo pull from exactly this address',
    );
  });

  it('checks an artifact as each service gets it: a long name can take it past 255 characters', () => {
    // 8 + 235 + 1 = 244 characters before the names: aldehyde/lithium (15) and mercury/webhook (14) go past 255, nitroso's services do not
    const errors = errorsWith({ 'image: ghcr.io/atomicloud/{platform}.{service}': `image: ghcr.io/${'a'.repeat(235)}/{platform}{service}` });
    expect(errors.map(brief)).toEqual(['35:10 artifact_reference_invalid']);
    expect(errors[0]?.message).toContain('aldehydelithium" for aldehyde/lithium, which is not an image repository');
    expect(errors[0]?.message).toContain('it is longer than 255 characters');
    const shorter = errorsWith({ 'image: ghcr.io/atomicloud/{platform}.{service}': `image: ghcr.io/${'a'.repeat(230)}/{platform}{service}` });
    expect(shorter).toEqual([]);
  });

  it('never quotes the password of a refused URL', () => {
    const errors = errorsWith({
      'repoURL: https://github.com/AtomiCloud/fleet.git,': 'repoURL: https://bot:ghp_s3cr3t@github.com/AtomiCloud/fleet.git,',
      'server: https://kubernetes.default.svc,': 'server: "https://admin:p@ss@kubernetes.default.svc/{{.x}}",',
    });
    // Through the whole compiler, the loader's input_url_credentials refuses such a URL first, masked.
    expect(errors.map((d) => d.message)).toEqual([
      'primordial.server holds a URL with credentials: https://**********@kubernetes.default.svc/{{.x}}',
      'git.repoURL holds a URL with credentials: https://**************@github.com/AtomiCloud/fleet.git',
    ]);
    expect(errors.map((d) => `${d.message} ${d.hint}`).join('\n')).not.toMatch(/s3cr3t|p@ss|admin|bot:/);
  });

  it('withoutCredentials keeps everything but the user info of a scheme URL', () => {
    expect(withoutCredentials('https://u:p@host/x@y')).toBe('https://***@host/x@y');
    expect(withoutCredentials('oci://u:p@ss@ghcr.io/a')).toBe('oci://***@ghcr.io/a');
    expect(withoutCredentials('git@github.com:a/b.git')).toBe('git@github.com:a/b.git');
    expect(withoutCredentials('ghcr.io/a')).toBe('ghcr.io/a');
  });

  it('checks the artifacts of a fleet without services too', () => {
    const noRows = Object.fromEntries(
      [...reference.keys()]
        .filter((file) => file.startsWith('platforms/') || file.startsWith('carbon/') || file.startsWith('claims/'))
        .map((file) => [file, null]),
    );
    const errors = errorsWith({ 'image: ghcr.io/atomicloud/{platform}.{service}': 'image: ghcr.io/atomicloud/{platform}.{service}:latest' }, noRows);
    expect(errors.filter((d) => d.code === 'artifact_reference_invalid').map((d) => d.message)).toEqual([
      'artifacts.image gives "ghcr.io/atomicloud/platform.service:latest" for platform/service, which is not an image repository (registry/path, no scheme, tag or digest): it carries a tag; the version comes from each row\'s pin',
    ]);
  });
});
