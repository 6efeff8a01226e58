import { CONFIG_VARIABLES } from './config';

/** The configuration table of docs/configuration.md and the README, made from the schema's own list. */
export function configurationTable(): string {
  const rows = Object.entries(CONFIG_VARIABLES).map(
    ([name, variable]) =>
      `| \`${name}\` | ${variable.default ? `\`${variable.default}\`` : '(empty)'} | ${variable.description} |`,
  );
  return ['| Variable | Default | What it does |', '|---|---|---|', ...rows].join('\n');
}

/** .env.example: every variable, commented out, at its default. */
export function envExample(): string {
  return Object.entries(CONFIG_VARIABLES)
    .map(([name, variable]) => `# ${variable.description}\n# ${name}=${variable.default}`)
    .join('\n\n');
}
