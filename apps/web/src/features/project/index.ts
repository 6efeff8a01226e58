// What other features use of project; they import it from here only (see .dependency-cruiser.cjs).
export { getProject, rememberProjectFrom } from './project.store';
export { useProjectPrefill } from './use-project-prefill';
