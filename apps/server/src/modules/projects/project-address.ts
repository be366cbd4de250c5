/** A project's address on one line: "4100 Industrial Pkwy, Suite 200, Austin, TX 78701" (its account's address, the duplicates panel). */
export function addressOf(project: { address_1: string; address_2: string; city: string; state: string; zip: string }): string {
  const street = [project.address_1, project.address_2].filter(Boolean).join(', ');
  const place = [project.city, [project.state, project.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [street, place].filter(Boolean).join(', ');
}
