import { Link } from 'react-router';
import { textLinkClasses } from '../../../components/ui/text-link';
import type { DataColumn } from './chart-card';

/** The Partner column of the admin tables: the name, linked to the member's admin page. */
export function partnerColumn<Row extends { user_id: number; name: string }>(): DataColumn<Row> {
  return {
    header: 'Partner',
    value: (row) => row.name,
    show: (row) => (
      <Link className={textLinkClasses} to={`/admin/all-users/${String(row.user_id)}`}>
        {row.name}
      </Link>
    ),
  };
}
