import PersonAddOutlined from '@mui/icons-material/PersonAddOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import type { Contact } from '@portal/contract';
import { ACCESS, CONTACT_ROLE_FILTERS, hasAccess, PEOPLE_MESSAGES } from '@portal/domain';
import { useQueries } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, Outlet } from 'react-router';
import { ListLayout, useFilterDraft, useListUrlState } from '../../../shared/list-layout';
import { useCurrentUser } from '../../../shared/session';
import { contactCountOptions, useContactList } from '../api/contacts-api';
import { ContactCard } from './contact-card';

// The search is written to the address (and asked for) this long after the last key.
const SEARCH_DEBOUNCE_MS = 500;

const VIEWS = [
  { value: 'all', label: 'All Contacts', roles: [] as string[] },
  { value: 'admins', label: 'Administrators', roles: ['Admin'] },
  { value: 'drivers', label: 'Drivers', roles: ['Driver'] },
  { value: 'billing', label: 'Billing', roles: ['BillTo', 'BillingInquiry', 'AP', 'AR'] },
];

const DEFAULT_FILTERS = { roles: '' };

/** /contacts: the company's people by role, with a fuzzy search; a card opens the preview. */
export function ContactListPage() {
  const user = useCurrentUser();
  const isAdmin = hasAccess(user, ACCESS.companyAdmin);
  const list = useListUrlState({ defaultView: 'all', defaultFilters: DEFAULT_FILTERS });
  const [searchText, setSearchText] = useState(list.search);
  const { draft, setDraft, applyDraft, resetDraft } = useFilterDraft(list);
  const { setSearch } = list;

  useEffect(() => {
    if (searchText === list.search) return;
    const timer = setTimeout(() => setSearch(searchText), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText, list.search, setSearch]);

  const view = VIEWS.find((entry) => entry.value === list.view) ?? VIEWS[0]!;
  const chosenRoles = list.filters.roles ? list.filters.roles.split(',') : [];
  const filters = useMemo(
    () => ({
      // Roles chosen in the filters narrow the list; otherwise the view's roles apply.
      roles: chosenRoles.length > 0 ? chosenRoles : view.roles,
      ...(list.search ? { fuzzyMatch: list.search } : {}),
    }),
    // chosenRoles is derived from the address; its text is the dependency.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [list.filters.roles, view, list.search],
  );
  const contacts = useContactList(filters);
  const counts = useQueries({ queries: VIEWS.map((entry) => contactCountOptions(entry.roles)) });
  const draftRoles = draft.roles ? draft.roles.split(',') : [];

  return (
    <Box sx={{ height: '100%' }}>
      <ListLayout<Contact>
        views={VIEWS.map((entry, index) => ({
          value: entry.value,
          label: entry.label,
          count: counts[index]?.data,
        }))}
        view={view.value}
        onViewChange={list.setView}
        filters={
          <FormGroup aria-label="Roles">
            {CONTACT_ROLE_FILTERS.map((role) => (
              <FormControlLabel
                key={role}
                label={role}
                control={
                  <Checkbox
                    checked={draftRoles.includes(role)}
                    onChange={(event) =>
                      setDraft({
                        roles: (event.target.checked
                          ? [...draftRoles, role]
                          : draftRoles.filter((held) => held !== role)
                        ).join(','),
                      })
                    }
                  />
                }
              />
            ))}
          </FormGroup>
        }
        onApplyFilters={applyDraft}
        onResetFilters={resetDraft}
        search={searchText}
        onSearchChange={setSearchText}
        searchPlaceholder="Search contacts by name, e-mail or title"
        toolbar={
          isAdmin ? (
            <Button
              component={RouterLink}
              to="/contacts/create"
              variant="contained"
              startIcon={<PersonAddOutlined />}
              sx={{ flexShrink: 0 }}
            >
              Add Contact
            </Button>
          ) : null
        }
        items={contacts.data?.pages.flatMap((page) => page.data) ?? []}
        getKey={(contact) => contact.id}
        renderItem={(contact) => <ContactCard contact={contact} />}
        isLoading={contacts.isPending}
        hasNextPage={contacts.hasNextPage}
        isFetchingNextPage={contacts.isFetchingNextPage}
        fetchNextPage={() => void contacts.fetchNextPage()}
        emptyText={PEOPLE_MESSAGES.noContacts}
      />
      <Outlet />
    </Box>
  );
}
