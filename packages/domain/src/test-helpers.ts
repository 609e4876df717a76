// Shared by the schema tests: a parse result reduced to the path and message of each issue.
type Result =
  | { success: true }
  | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };

export const issuesOf = (result: Result) =>
  result.success
    ? []
    : result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
