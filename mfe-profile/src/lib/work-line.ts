// How a member's work is written everywhere in mfe-profile (panel header, directory rows).

/** "Engineer at Acme", or whichever of the two is known. */
export function workLine(job: string | null, company: string | null): string | null {
  if (job && company) return `${job} at ${company}`;
  return job || company || null;
}
