/** How notifications and the ledger name a project: its company, or its number while it has none. */
export const projectName = (project: { id: number; company_name: string }): string => project.company_name || `Project #${project.id}`;
