import { CONFIG_GROUPS, CONFIG_VARIABLES, type ConfigGroup } from './config-variables';

type DocumentedVariable = { name: string; default: string; secret: boolean; description: string };

const BEGIN = '<!-- configuration:begin -->';
const END = '<!-- configuration:end -->';

/** The files that hold generated configuration docs, relative to the repository root. */
export const CONFIG_DOC_FILES = ['README.md', 'docs/configuration.md', '.env.example'] as const;

function variablesOf(group: ConfigGroup): DocumentedVariable[] {
  return Object.entries(CONFIG_VARIABLES)
    .filter(([, variable]) => variable.group === group)
    .map(([name, variable]) => ({ name, ...variable }));
}

function tableRow(variable: DocumentedVariable): string {
  const name = `\`${variable.name}\`${variable.secret ? ' (secret)' : ''}`;
  const fallback = variable.default ? `\`${variable.default}\`` : '(empty)';
  return `| ${name} | ${fallback} | ${variable.description.replaceAll('|', '\\|')} |`;
}

/** The configuration tables of docs/configuration.md and the README: one per group, made from the declarations. */
export function configurationTables(): string {
  return Object.entries(CONFIG_GROUPS)
    .map(([group, title]) =>
      [
        `### ${title}`,
        '',
        '| Variable | Default | What it does |',
        '|---|---|---|',
        ...variablesOf(group as ConfigGroup).map(tableRow),
      ].join('\n'),
    )
    .join('\n\n');
}

/** .env.example: every variable, commented out, at its default, under its group. */
export function envExample(): string {
  const groups = Object.entries(CONFIG_GROUPS).map(([group, title]) =>
    [
      `# ---- ${title} ----`,
      ...variablesOf(group as ConfigGroup).map(
        (variable) =>
          `\n# ${variable.description}${variable.secret ? ' Secret.' : ''}\n# ${variable.name}=${variable.default}`,
      ),
    ].join('\n'),
  );
  const intro = [
    '# Quire configuration. Every variable is optional; the defaults run the embedded setup.',
    '# Secrets belong in the environment of the server process, never in a file you commit.',
  ].join('\n');
  return [intro, ...groups].join('\n\n');
}

/**
 * A documentation file as `npm run docs:config` writes it: Markdown keeps its prose and gets the current
 * tables between the markers; .env.example is generated whole.
 */
export function generatedConfigDoc(path: (typeof CONFIG_DOC_FILES)[number], current: string): string {
  if (path === '.env.example') return `${envExample()}\n`;
  const start = current.indexOf(BEGIN);
  const end = current.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${path} has no ${BEGIN} … ${END} markers`);
  return `${current.slice(0, start + BEGIN.length)}\n${configurationTables()}\n${current.slice(end)}`;
}
