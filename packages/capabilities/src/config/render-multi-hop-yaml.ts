import { type ConfigSchemaNode, configJsonSchema, describeAllowedValues } from '@rootweaver/innovations';
import { stringify } from 'yaml';
import { multiHopYamlSchema } from './multi-hop-yaml-schema.js';

const header = [
  'Multi-hop retrieval: every knob of the engine, with its default.',
  '',
  'GENERATED from the schema (multiHopConfigSchema in packages/innovations/src/config/ and the',
  '`providers:` section in packages/capabilities/src/config/): edit the schema, then run',
  '`node tools/scripts/generate-multi-hop-yaml.mjs`; a test fails while this file and the schema differ.',
  'To change a setting, copy this file, edit the copy and point --config or ROOTWEAVER_MULTI_HOP_CONFIG at it.',
  '',
  'Read and validated by @rootweaver/capabilities (loadMultiHopConfig) for MultiHopCapability and for',
  'every rootweaver command: an unknown key or a bad value is an `invalid-config` error naming the key.',
  'Any key may be left out; its default (the value below) is then used. Command-line flags override it.',
  '',
  'Flags (Unleash, see docs/adr/0003-flag-semantics.md) sit on top of this file:',
  '  eip.capabilities.retrieval.multi_hop.enabled     off -> single-pass answers',
  '  eip.capabilities.retrieval.multi_hop.compaction  AND compaction_enabled AND enabled',
  '  eip.capabilities.retrieval.multi_hop.planner     variant overrides `planner`',
];

const width = 100;

/** The commented default `multi_hop.yaml`, written from `multiHopYamlSchema`: descriptions, allowed values, defaults. */
export function renderMultiHopYaml(): string {
  const root = configJsonSchema(multiHopYamlSchema);
  const lines = header.map((line) => (line === '' ? '#' : `# ${line}`));
  for (const [key, node] of Object.entries(root.properties ?? {})) {
    lines.push('', ...renderKey(key, node, ''));
  }
  return `${lines.join('\n')}\n`;
}

function renderKey(key: string, node: ConfigSchemaNode, indent: string): string[] {
  const lines = comment(node.description ?? '', indent);
  if (node.type === 'object' && node.properties !== undefined) {
    const children = Object.entries(node.properties).map(([childKey, child]) =>
      renderKey(childKey, child, `${indent}  `),
    );
    lines.push(`${indent}${key}:`);
    for (const child of children) lines.push(...child);
    return lines;
  }
  lines.push(...comment(`Allowed: ${describeAllowedValues(node)}.`, indent));
  if (node.default !== undefined) {
    lines.push(`${indent}${key}: ${scalar(node.default)}`);
  } else {
    const example = node.examples?.[0];
    lines.push(`${indent}# ${key}: ${example === undefined ? '' : scalar(example)}`.trimEnd());
  }
  return lines;
}

function scalar(value: unknown): string {
  return stringify(value).trim();
}

/** `# `-prefixed lines; a line longer than the width is wrapped, its continuation indented like it. */
function comment(text: string, indent: string): string[] {
  if (text === '') return [];
  const out: string[] = [];
  for (const paragraph of text.split('\n')) {
    if (`${indent}# ${paragraph}`.length <= width) {
      out.push(`${indent}# ${paragraph}`);
      continue;
    }
    const lead = /^\s*/.exec(paragraph)?.[0] ?? '';
    let line = '';
    for (const word of paragraph.trim().split(/\s+/)) {
      const candidate = line === '' ? `${lead}${word}` : `${line} ${word}`;
      if (`${indent}# ${candidate}`.length > width && line !== '') {
        out.push(`${indent}# ${line}`);
        line = `${lead}${word}`;
      } else {
        line = candidate;
      }
    }
    out.push(`${indent}# ${line}`);
  }
  return out;
}
