// What other features use of sources; they import it from here only (see .dependency-cruiser.cjs).
export { SourcePicker } from './SourcePicker';
export { sourceStateText } from './source-labels';
export { toggleBookmark } from './sources.api';
export { loadedSources, reloadSources, sourceAdded, useLoadedSources, useSources } from './sources.queries';
export { newestFirst } from './sources.state';
