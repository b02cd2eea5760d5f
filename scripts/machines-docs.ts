/**
 * `npm run machines:docs`: writes docs/machines/<name>.md, a Mermaid stateDiagram-v2 and a
 * transition table generated from each machines/*.machine.ts definition.
 * tests/machines/docs.test.ts fails when the files differ from what this would write now.
 */
import { mkdirSync, readdirSync, writeFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { machineTransitions, type TransitionInfo } from '../machines/introspect';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const MACHINES_DIR = join(ROOT, 'machines');
export const DOCS_DIR = join(ROOT, 'docs', 'machines');

export interface LoadedMachine { name: string; file: string; machine: AnyStateMachine }

const isMachine = (value: unknown): value is AnyStateMachine =>
  !!value && typeof value === 'object' && 'root' in value && 'provide' in value && 'id' in value;

/** Every `machines/<name>.machine.ts` and the machine it exports, sorted by name. */
export async function loadMachines(dir = MACHINES_DIR): Promise<LoadedMachine[]> {
  const files = readdirSync(dir).filter((file) => file.endsWith('.machine.ts')).sort();
  const loaded: LoadedMachine[] = [];
  for (const file of files) {
    const name = file.slice(0, -'.machine.ts'.length);
    const module = (await import(pathToFileURL(join(dir, file)).href)) as Record<string, unknown>;
    const machine = module[`${name}Machine`] ?? Object.values(module).find(isMachine);
    if (!isMachine(machine)) throw new Error(`${file} exports no state machine (expected ${name}Machine)`);
    loaded.push({ name, file, machine });
  }
  return loaded;
}

const mermaidId = (node: AnyStateNode) => node.id.replace(/[^A-Za-z0-9_]/g, '_');

const ancestors = (node: AnyStateNode): AnyStateNode[] => {
  const chain: AnyStateNode[] = [];
  for (let current: AnyStateNode | undefined = node; current; current = current.parent) chain.unshift(current);
  return chain;
};

/**
 * The block a transition line is written in: the deepest non-parallel state that strictly
 * contains the source and every target (Mermaid wants an edge in the scope of both ends).
 * `null` is the top level.
 */
function scopeOf(source: AnyStateNode, targets: AnyStateNode[]): AnyStateNode | null {
  const chains = [source, ...targets].map(ancestors);
  let common: AnyStateNode | null = null;
  for (let depth = 0; chains.every((chain) => chain[depth] && chain[depth] === chains[0][depth]); depth++) {
    common = chains[0][depth];
  }
  let scope = common;
  if (scope && [source, ...targets].includes(scope)) scope = scope.parent ?? null;
  while (scope && scope.type === 'parallel') scope = scope.parent ?? null;
  return scope;
}

const label = (t: TransitionInfo) => (t.guard ? `${t.event} [${t.guard}]` : t.event).replace(/[:;]/g, ' ');

/**
 * The Mermaid `stateDiagram-v2` of a machine definition. The root's states are drawn at the
 * top level (a parallel root as one composite holding its regions). Transitions of the root
 * itself (handled in every state) start from a pseudo-state "any state".
 */
export function renderMermaid(machine: AnyStateMachine): string {
  const root = machine.root;
  const anyId = `${mermaidId(root)}__any`;
  const nodesById = new Map<string, AnyStateNode>();
  const walk = (node: AnyStateNode) => {
    nodesById.set(node.id, node);
    for (const child of Object.values(node.states) as AnyStateNode[]) walk(child);
  };
  walk(root);

  // Mermaid draws one edge per pair of states: labels of parallel edges are joined.
  const edgesByScope = new Map<AnyStateNode | null, Map<string, string[]>>();
  const rootEdges = new Map<string, string[]>();
  const addEdge = (edges: Map<string, string[]>, from: string, to: string, text: string) => {
    const pair = `${from} --> ${to}`;
    edges.set(pair, [...(edges.get(pair) ?? []), text]);
  };
  const edgeLines = (edges: Map<string, string[]> | undefined) =>
    [...(edges ?? new Map<string, string[]>()).entries()].map(([pair, labels]) => `${pair} : ${labels.join('<br/>')}`);
  for (const t of machineTransitions(machine)) {
    const source = nodesById.get(t.source)!;
    if (source === root) {
      const targets = t.targets.length ? t.targets.map((id) => mermaidId(nodesById.get(id)!)) : [anyId];
      for (const target of targets) addEdge(rootEdges, anyId, target, label(t));
      continue;
    }
    const targets = t.targets.length ? t.targets.map((id) => nodesById.get(id)!) : [source];
    const scope = scopeOf(source, targets);
    const edges = edgesByScope.get(scope) ?? new Map<string, string[]>();
    for (const target of targets) addEdge(edges, mermaidId(source), mermaidId(target), label(t));
    edgesByScope.set(scope, edges);
  }

  const out: string[] = ['stateDiagram-v2'];
  const contents = (node: AnyStateNode, indent: string) => {
    const children = Object.values(node.states) as AnyStateNode[];
    if (node.type === 'parallel') {
      children.forEach((child, index) => {
        if (index > 0) out.push(`${indent}--`);
        block(child, indent);
      });
      return;
    }
    const initial = node.initial?.target?.[0];
    if (initial) out.push(`${indent}[*] --> ${mermaidId(initial)}`);
    for (const child of children) block(child, indent);
  };
  const block = (node: AnyStateNode, indent: string) => {
    const children = Object.values(node.states) as AnyStateNode[];
    if (!children.length) {
      out.push(`${indent}state "${node.key}" as ${mermaidId(node)}`);
      return;
    }
    out.push(`${indent}state "${node.key}${node.type === 'parallel' ? ' (parallel)' : ''}" as ${mermaidId(node)} {`);
    contents(node, indent + '  ');
    for (const line of edgeLines(edgesByScope.get(node))) out.push(indent + '  ' + line);
    out.push(`${indent}}`);
  };
  if (root.type === 'parallel') {
    out.push(`  [*] --> ${mermaidId(root)}`);
    block(root, '  ');
  } else {
    contents(root, '  ');
  }
  for (const line of [...edgeLines(edgesByScope.get(root)), ...edgeLines(edgesByScope.get(null))]) out.push('  ' + line);
  if (rootEdges.size) {
    out.push(`  state "any state" as ${anyId}`);
    for (const line of edgeLines(rootEdges)) out.push('  ' + line);
  }
  return out.join('\n');
}

const cell = (text: string) => text.replace(/\|/g, '\\|');

/** The whole docs/machines/<name>.md of a machine. */
export function renderMachineDoc({ name, file, machine }: LoadedMachine): string {
  const implementations = machine.implementations as unknown as Record<string, Record<string, unknown> | undefined>;
  const keys = (kind: string) => Object.keys(implementations[kind] ?? {}).sort();
  const transitions = machineTransitions(machine);
  const rows = transitions.map((t) =>
    `| ${cell(t.source)} | ${cell(t.event)} | ${cell(t.guard ?? '')} | ${cell(t.targets.join(', ') || '(stays)')} | ${cell(t.actions.join(', '))} |`,
  );
  return [
    `# ${name}`,
    '',
    `Generated from \`machines/${file}\` by \`npm run machines:docs\`; do not edit by hand.`,
    '',
    '```mermaid',
    renderMermaid(machine),
    '```',
    '',
    `## Named implementations (provide with \`${name}Machine.provide(...)\`)`,
    '',
    `- actors: ${keys('actors').map((k) => `\`${k}\``).join(', ') || '(none)'}`,
    `- actions: ${keys('actions').map((k) => `\`${k}\``).join(', ') || '(none)'}`,
    `- guards: ${keys('guards').map((k) => `\`${k}\``).join(', ') || '(none)'}`,
    `- delays: ${keys('delays').map((k) => `\`${k}\``).join(', ') || '(none)'}`,
    '',
    `## Transitions (${transitions.length})`,
    '',
    '| from | event | guard | to | actions |',
    '|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

/** File name → content of every diagram, without touching the disk. */
export async function generateMachineDocs(): Promise<Map<string, string>> {
  const docs = new Map<string, string>();
  for (const loaded of await loadMachines()) docs.set(`${loaded.name}.md`, renderMachineDoc(loaded));
  return docs;
}

async function main() {
  const docs = await generateMachineDocs();
  mkdirSync(DOCS_DIR, { recursive: true });
  for (const file of readdirSync(DOCS_DIR)) {
    if (file.endsWith('.md') && !docs.has(file)) rmSync(join(DOCS_DIR, file));
  }
  for (const [file, content] of docs) writeFileSync(join(DOCS_DIR, file), content);
  console.log(`wrote ${docs.size} diagrams to docs/machines/: ${[...docs.keys()].join(', ')}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
