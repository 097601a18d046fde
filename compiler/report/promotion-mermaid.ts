/**
 * A platform's promotion pipeline as a Mermaid flowchart, for the pull
 * request report: Freight from the services' Warehouses enters the
 * first group of stages; each group's stages take it from every stage of the
 * group before (SPEC §3.2, compiler/2-analyze/stage-graph.ts). A parallel group
 * is a subgraph; a manual gate is a dashed edge labelled `manual` and a node
 * marked `manual gate`; a soak time labels the edge into the stage;
 * verification templates are listed in the node. Pure and deterministic.
 *
 * Node ids are `s_<landscape>` and `warehouse` (landscape names are
 * `^[a-z][a-z0-9]*$`, so ids never collide with Mermaid keywords such as
 * `end`); labels are quoted with `"` written as `#quot;`.
 */
import type { PlatformModel } from '../2-analyze/fleet-model.js';
import type { StageStep } from '../2-analyze/stage-graph.js';

function label(text: string): string {
  return `"${text.replace(/&/g, '#amp;').replace(/"/g, '#quot;').replace(/</g, '#lt;').replace(/>/g, '#gt;')}"`;
}

function nodeId(landscape: string): string {
  return `s_${landscape}`;
}

function nodeLabel(step: StageStep): string {
  const parts = [step.landscape];
  if (step.gate === 'manual') parts.push('manual gate');
  if (step.verification.length > 0) parts.push(`verify: ${step.verification.join(', ')}`);
  return label(parts.join('\n')).replace(/\n/g, '<br/>');
}

function edge(from: string, to: StageStep): string {
  const words = [...(to.gate === 'manual' ? ['manual'] : []), ...(to.soak !== undefined ? [`soak ${to.soak}`] : [])];
  if (to.gate === 'manual') return `  ${from} -. ${label(words.join(', '))} .-> ${nodeId(to.landscape)}`;
  if (words.length > 0) return `  ${from} -- ${label(words.join(', '))} --> ${nodeId(to.landscape)}`;
  return `  ${from} --> ${nodeId(to.landscape)}`;
}

/** The Mermaid `flowchart LR` text of `platform`'s promotion pipeline (no code fence, final newline). */
export function promotionFlowchart(platform: PlatformModel): string {
  const services = platform.services.map((s) => s.name);
  const lines = ['flowchart LR', `  warehouse[(${label(`Warehouses: ${services.length > 0 ? services.join(', ') : 'no service yet'}`)})]`];
  platform.stageGroups.forEach((group, index) => {
    if (group.length > 1) {
      lines.push(`  subgraph g${index + 1}[${label(`parallel: ${group.map((s) => s.landscape).join(', ')}`)}]`, '    direction TB');
      for (const step of group) lines.push(`    ${nodeId(step.landscape)}[${nodeLabel(step)}]`);
      lines.push('  end');
    } else for (const step of group) lines.push(`  ${nodeId(step.landscape)}[${nodeLabel(step)}]`);
  });
  platform.stageGroups.forEach((group, index) => {
    const upstream = index === 0 ? ['warehouse'] : (platform.stageGroups[index - 1] ?? []).map((s) => nodeId(s.landscape));
    for (const step of group) for (const from of upstream) lines.push(edge(from, step));
  });
  const manual = platform.stageGroups.flat().filter((s) => s.gate === 'manual');
  if (manual.length > 0) {
    lines.push('  classDef manual stroke-dasharray: 5 5');
    lines.push(`  class ${manual.map((s) => nodeId(s.landscape)).join(',')} manual`);
  }
  return `${lines.join('\n')}\n`;
}
