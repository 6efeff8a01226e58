// What other features use of tool-history; they import it from here only (see .dependency-cruiser.cjs).
// No views and no styles: the header's project dialog takes the topics without the tool pages' code.
export { recordResult, toolHistoryQuery, useToolHistory, useTopics } from './tool-history.queries';
