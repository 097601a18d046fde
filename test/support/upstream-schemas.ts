/**
 * The real upstream schemas in ../shared/crds/ (Argo CD v3.5.1, Kargo v1.11.2,
 * Argo Rollouts v1.9.1), read in place and never copied into the project.
 *
 * A CRD's openAPIV3Schema becomes an Ajv schema with unknown fields refused:
 * every object schema that declares `properties` and neither
 * `x-kubernetes-preserve-unknown-fields` nor `additionalProperties` gets
 * `additionalProperties: false`, which is what Kubernetes' structural pruning
 * does silently (a field it does not know is dropped, not rejected).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { parse } from 'yaml';
import { REPO_ROOT } from './fleet-fixture.js';

/** Where the upstream files live, relative to the project: `../shared/crds`. */
export const CRD_DIR = path.resolve(REPO_ROOT, '..', 'shared', 'crds');

/** Why upstream-schema tests must skip, or `undefined` when the folder is there. */
export function upstreamSkipReason(): string | undefined {
  return existsSync(CRD_DIR) ? undefined : `upstream CRDs not found at ${CRD_DIR} (they live beside the project, never inside it)`;
}

type Schema = Record<string, unknown>;

function closeObjects(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closeObjects);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema as Schema)) out[key] = closeObjects(value);
  if (out['x-kubernetes-int-or-string'] === true) {
    delete out['type'];
    out['anyOf'] = [{ type: 'integer' }, { type: 'string' }];
  }
  if (out['properties'] && out['additionalProperties'] === undefined && out['x-kubernetes-preserve-unknown-fields'] !== true)
    out['additionalProperties'] = false;
  for (const key of Object.keys(out)) if (key.startsWith('x-kubernetes-')) delete out[key];
  return out;
}

const metadataSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: {
    name: { type: 'string', pattern: '^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$', maxLength: 253 },
    namespace: { type: 'string', pattern: '^[a-z0-9]([-a-z0-9]*[a-z0-9])?$', maxLength: 63 },
    labels: { type: 'object', additionalProperties: { type: 'string', maxLength: 63 } },
    annotations: { type: 'object', additionalProperties: { type: 'string' } },
  },
};

let compiledCrds: Map<string, ValidateFunction> | undefined;

/** Validators by `group/version/kind`, built once from every CRD file under {@link CRD_DIR}. */
export function crdValidators(): Map<string, ValidateFunction> {
  compiledCrds ??= compileCrds();
  return compiledCrds;
}

function compileCrds(): Map<string, ValidateFunction> {
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false, unicodeRegExp: false });
  const validators = new Map<string, ValidateFunction>();
  for (const folder of ['argocd', 'kargo']) {
    for (const file of readdirSync(path.join(CRD_DIR, folder))
      .filter((f) => f.endsWith('.yaml'))
      .sort()) {
      const crd = parse(readFileSync(path.join(CRD_DIR, folder, file), 'utf8')) as {
        spec: { group: string; names: { kind: string }; versions: { name: string; served: boolean; schema: { openAPIV3Schema: Schema } }[] };
      };
      for (const version of crd.spec.versions.filter((v) => v.served)) {
        const schema = closeObjects(version.schema.openAPIV3Schema) as Schema;
        const properties = { ...(schema['properties'] as Schema), metadata: metadataSchema };
        validators.set(`${crd.spec.group}/${version.name}/${crd.spec.names.kind}`, ajv.compile({ ...schema, properties }));
      }
    }
  }
  return validators;
}

/** Validators of Kargo's built-in step configs (`step-configs/<step>-config.json`) by step name, and of Warehouse subscriptions by type. */
export function kargoRuntimeValidators(): { steps: Map<string, ValidateFunction>; subscriptions: Map<string, ValidateFunction> } {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false, unicodeRegExp: false });
  const stepDir = path.join(CRD_DIR, 'kargo', 'step-configs');
  const files = readdirSync(stepDir)
    .filter((f) => f.endsWith('.json'))
    .sort();
  // Some files say draft-07, some 2020-12; the keywords they use mean the same in both, so the `$schema` line is dropped.
  const load = (file: string): Schema => {
    const { $schema: _dialect, ...schema } = JSON.parse(readFileSync(file, 'utf8')) as Schema;
    return schema;
  };
  for (const file of files) ajv.addSchema(load(path.join(stepDir, file)), file);
  const steps = new Map<string, ValidateFunction>();
  for (const file of files.filter((f) => f.endsWith('-config.json'))) steps.set(file.replace(/-config\.json$/, ''), ajv.getSchema(file) as ValidateFunction);
  const subscriptionDir = path.join(CRD_DIR, 'kargo', 'subscriptions');
  const subscriptions = new Map<string, ValidateFunction>();
  for (const file of readdirSync(subscriptionDir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    subscriptions.set(file.replace(/\.json$/, ''), ajv.compile({ ...load(path.join(subscriptionDir, file)), $id: `subscription-${file}` }));
  }
  return { steps, subscriptions };
}
