import { Anchor, Table } from '@mantine/core';
import type { AdminLicence } from '@slugsmith/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LicenceCells, LicenceFileActions } from '../../../ui/licence-parts.js';
import { TableScroll } from '../parts.js';
import { useStaff } from '../use-staff.js';
import { RevokeLicenceButton } from './revoke-button.js';

/** Licences as staff see them: the organisation (unless one is shown), who issued, and revoke. */
export function AdminLicenceTable({ licences, showOrg }: { licences: AdminLicence[]; showOrg: boolean }) {
  const { t } = useTranslation('licences');
  const { writable } = useStaff();
  return (
    <TableScroll label={t('admin.title')}>
      <Table striped verticalSpacing={4} data-testid="admin-licences">
        <Table.Thead>
          <Table.Tr>
            {showOrg && <Table.Th>{t('fields.organisation')}</Table.Th>}
            <Table.Th>{t('fields.plan')}</Table.Th>
            <Table.Th>{t('fields.nodes')}</Table.Th>
            <Table.Th>{t('fields.issued')}</Table.Th>
            <Table.Th>{t('fields.expires')}</Table.Th>
            <Table.Th>{t('fields.status')}</Table.Th>
            <Table.Th>{t('fields.issuedBy')}</Table.Th>
            <Table.Th>{t('fields.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {licences.map((licence) => (
            <Table.Tr key={licence.id} data-testid="licence-row" data-licence={licence.id}>
              {showOrg && (
                <Table.Td>
                  <Anchor
                    component={Link}
                    to={`/admin/organizations/${encodeURIComponent(licence.org_slug)}`}
                    size="sm"
                  >
                    {licence.org_name}
                  </Anchor>
                </Table.Td>
              )}
              <LicenceCells licence={licence} />
              <Table.Td>{licence.issued_by ?? t('admin.byPurchase')}</Table.Td>
              <Table.Td>
                <LicenceFileActions licence={licence} />
                {writable && <RevokeLicenceButton licence={licence} />}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
