-- A company sees the cases it is named on (case_involved_parties). The cases policy asked that with
-- an EXISTS over case_involved_parties under that table's own policy, which lets a company see the
-- other parties of its cases through a hashed set of every case it is involved in. The EXISTS read a
-- case's party rows whatever their company, so the first row of another company made that policy
-- build its set: a carrier's first page of its case list read 546 cases in the list's order and
-- spent 15 ms of its 25 ms building a hash of its 5,672 cases (issue 18).
--
-- The rule is unchanged: a case is the caller's where one of its parties is the caller's company or
-- one of its carriers (the parties' policy answered exactly that for a case's own rows). The EXISTS
-- now names those companies, an array read once per statement, so each case is one index probe and
-- the parties' policy passes its row on the company test. OFFSET 0 keeps the EXISTS a probe per
-- case: PostgreSQL does not turn an EXISTS with an OFFSET into a hashed sub-plan.
alter policy tenant_all on cases
  using (
    (select app_is_operator())
    or carrier_company_id = any ((select app_carrier_ids())::uuid[])
    or customer_company_id = (select app_company_id())
    or exists (select 1 from case_involved_parties p
                where p.case_id = cases.id
                  and p.company_id = any ((select array_prepend(app_company_id(), app_carrier_ids()))::uuid[])
               offset 0));
