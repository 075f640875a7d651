import type {
  CaseActionBody,
  CaseAssigneeBody,
  CaseCreateBody,
  CaseCreated,
  CaseDetail,
} from '@portal/contract';
import {
  CASE_TYPE_DISPLAY_NAMES,
  CaseAction,
  CasePriority,
  CaseResolutionType,
  CaseSource,
  CaseStatus,
  CaseType,
  caseStatusGroup,
  CaseStatusGroup,
  caseTransition,
  detentionAtStop,
  DocumentType,
  EntityType,
  type CaseStatus as CaseStatusValue,
  type CaseResolutionType as CaseResolutionValue,
} from '@portal/domain';
import type { Tx } from '../../db/database';
import type { AppContext } from '../../shared/app-context';
import type { Caller } from '../../shared/auth/caller';
import { resolveCase } from '../../shared/entities/entity-access';
import { saveDocument } from '../../shared/documents/save-document';
import { conflict, forbidden, invalidField, notFound } from '../../shared/http/errors';
import { runIdempotent, type IdempotentRequest } from '../../shared/http/idempotency';
import { findVisibleShipment, parseShipmentKey } from '../../shared/shipments/find-shipment';
import { detentionTermsOf } from './detention-service';
import { renderDetentionEvidence } from './evidence-pdf';
import { operatorStaff } from './list-repository';
import { getCase } from './service';
import {
  addApCharge,
  addHistory,
  caseForUpdate,
  companyBrief,
  hasApInvoice,
  insertApInvoice,
  insertCase,
  insertParties,
  openApInvoice,
  shipmentForInvoice,
  standingDetentionCase,
  stopOfShipment,
  trackingAtStop,
  updateCase,
} from './write-repository';

const toCents = (dollars: number) => Math.round(dollars * 100);

/**
 * POST api/v2/cases: the carrier hauling a shipment raises an accessorial request on it. The
 * customer and the operator are named as involved parties; a drafted detention request files the
 * stop's tracking events as evidence. Another company's shipment answers 404.
 */
export function createCase(
  ctx: AppContext,
  caller: Caller,
  body: CaseCreateBody,
  request: IdempotentRequest,
) {
  return runIdempotent<{ data: CaseCreated }>(ctx, caller, request, async (tx) => {
    const shipment = await findVisibleShipment(
      tx,
      caller.scope,
      parseShipmentKey(body.shipmentId, 'shipmentId'),
    );
    // Visible is not enough (the load board shows everyone's freight): only its carrier files.
    if (caller.scope.kind !== 'carrier' || shipment.carrierCompanyId !== caller.companyId)
      throw notFound('Shipment');

    const stop = body.shipmentStopId
      ? await stopOfShipment(tx, shipment.id, body.shipmentStopId)
      : undefined;
    if (body.shipmentStopId && !stop)
      throw invalidField('shipmentStopId', 'The stop is not a stop of this shipment');
    if (body.attachTrackingEvidence && !stop)
      throw invalidField('shipmentStopId', 'Tracking evidence needs the stop it was recorded at');
    if (stop && body.caseType === CaseType.Detention) {
      const standing = await standingDetentionCase(tx, stop.id);
      if (standing)
        throw conflict(
          `A detention request for stop ${stop.stopNumber} is already filed (case ${standing.caseNumber})`,
        );
    }

    const typeName = CASE_TYPE_DISPLAY_NAMES[body.caseType as CaseType] ?? body.caseType;
    const subject =
      body.subject ??
      (stop
        ? `${typeName} at ${stop.locationName}, ${stop.city}, ${stop.state}`
        : `${typeName}, shipment ${shipment.shipmentNumber}`);
    const created = await insertCase(tx, {
      shipmentId: shipment.id,
      orderId: shipment.orderId,
      carrierCompanyId: caller.companyId,
      customerCompanyId: shipment.customerCompanyId,
      caseType: body.caseType,
      caseSource: CaseSource.Portal,
      status: CaseStatus.New,
      resolutionType: CaseResolutionType.None,
      priority: CasePriority.Medium,
      subject,
      description: body.description,
      amountRequestedCents: toCents(body.amountRequested),
      incidentAt: body.incidentDateTime
        ? new Date(body.incidentDateTime)
        : (stop?.arrivedAt ?? null),
      shipmentStopId: stop?.id ?? null,
      createdBy: caller.userId,
    });
    const customer = await companyBrief(tx, shipment.customerCompanyId);
    const parties = [
      { companyId: caller.companyId, partyRole: 'Carrier' },
      { companyId: customer.id, partyRole: customer.isBroker ? 'Broker' : 'Shipper' },
      { companyId: shipment.operatorCompanyId, partyRole: 'Operator' },
    ];
    // A company hauling its own freight is one party, named once.
    await insertParties(
      tx,
      created.id,
      parties.filter(
        (party, index) =>
          parties.findIndex((other) => other.companyId === party.companyId) === index,
      ),
    );
    await addHistory(tx, {
      caseId: created.id,
      userId: caller.userId,
      action: 'Created',
      fromValue: null,
      toValue: CaseStatus.New,
    });

    if (body.attachTrackingEvidence && stop?.arrivedAt && stop.departedAt) {
      const times = { ...stop, arrivedAt: stop.arrivedAt, departedAt: stop.departedAt };
      const terms = await detentionTermsOf(tx, shipment.customerCompanyId);
      const estimate = detentionAtStop(stop.arrivedAt, stop.departedAt, terms) ?? {
        billableHours: 0,
        amountCents: 0,
      };
      const bytes = await renderDetentionEvidence({
        caseNumber: created.caseNumber,
        shipmentNumber: shipment.shipmentNumber,
        stop: times,
        freeMinutes: terms.freeMinutes,
        billableHours: estimate.billableHours,
        rateCentsPerHour: terms.rateCentsPerHour,
        amountCents: estimate.amountCents,
        events: await trackingAtStop(tx, shipment.id, times),
      });
      await saveDocument(tx, ctx.documents, {
        companyId: caller.companyId,
        fileType: DocumentType.ShipmentMiscellaneous,
        entityType: EntityType.CASE,
        entityId: created.id,
        entityDescription: `Case ${created.caseNumber}`,
        name: `detention-evidence-${created.caseNumber}.pdf`,
        extension: 'pdf',
        contentType: 'application/pdf',
        shipmentId: shipment.id,
        orderId: shipment.orderId,
        caseId: created.id,
        additionalData: JSON.stringify({
          caseNumber: created.caseNumber,
          caseType: created.caseType,
          evidence: 'TrackingEvents',
        }),
        uploadedBy: caller.userId,
        bytes,
      });
    }

    return {
      status: 201,
      body: {
        data: {
          id: created.id,
          caseNumber: created.caseNumber,
          caseType: created.caseType,
          status: created.status,
          shipmentId: shipment.id,
          shipmentNumber: shipment.shipmentNumber,
        },
      },
    };
  });
}

/** Only the operator's staff work cases. */
function requireStaff(caller: Caller) {
  if (caller.scope.kind !== 'operator') throw forbidden();
}

async function lockedCase(tx: Tx, caller: Caller, key: string, version: number) {
  const entity = await resolveCase(tx, caller.scope, key);
  if (!entity) throw notFound('Case');
  const row = await caseForUpdate(tx, entity.id);
  if (row.version !== version)
    throw conflict(
      `Accessorial request ${row.caseNumber} was changed by someone else; reload it and try again`,
      { version: [`The current version is ${row.version}`] },
    );
  return row;
}

/**
 * Paid: the approved amount becomes a charge on the carrier's AP invoice of the shipment, the newest
 * one not yet settled; when there is none, a new draft invoice holds it (with the line haul when the
 * shipment had no invoice at all). Decision 101.
 */
async function chargeCarrier(
  tx: Tx,
  row: Awaited<ReturnType<typeof caseForUpdate>>,
  amountCents: number,
) {
  if (!row.shipmentId || !row.carrierCompanyId) return;
  let invoice = await openApInvoice(tx, row.shipmentId, row.carrierCompanyId);
  if (!invoice) {
    const firstInvoice = !(await hasApInvoice(tx, row.shipmentId, row.carrierCompanyId));
    const [shipment, carrier] = await Promise.all([
      shipmentForInvoice(tx, row.shipmentId),
      companyBrief(tx, row.carrierCompanyId),
    ]);
    invoice = await insertApInvoice(tx, {
      shipmentId: row.shipmentId,
      carrierCompanyId: row.carrierCompanyId,
      factoringCompanyId: carrier.factoringCompanyId,
      shipmentDate: shipment.pickupAt
        ? new Date(shipment.pickupAt).toISOString().slice(0, 10)
        : null,
    });
    if (firstInvoice && shipment.carrierRateCents !== null)
      await addApCharge(tx, invoice.id, {
        description: `Line haul ${shipment.originCity}, ${shipment.originState} to ${shipment.destinationCity}, ${shipment.destinationState}`,
        chargeTypeName: shipment.chargeRateType ?? 'LineHaul',
        rateCents: shipment.carrierRateCents,
        units: 1,
        caseId: null,
      });
  }
  const typeName = CASE_TYPE_DISPLAY_NAMES[row.caseType as CaseType] ?? row.caseType;
  await addApCharge(tx, invoice.id, {
    description: `${typeName} (case ${row.caseNumber})`,
    chargeTypeName: row.caseType,
    rateCents: amountCents,
    units: 1,
    caseId: row.id,
  });
}

/**
 * POST api/v2/cases/{id}/actions: start work, put on hold, resolve Paid or Declined, through the
 * state machine of the domain (409 for a forbidden move, 409 for a stale version).
 */
export async function actOnCase(
  ctx: AppContext,
  caller: Caller,
  key: string,
  body: CaseActionBody,
): Promise<CaseDetail> {
  requireStaff(caller);
  const caseId = await ctx.db.tenant(caller.scope, async (tx) => {
    const row = await lockedCase(tx, caller, key, body.version);
    const move = caseTransition(
      {
        status: row.status as CaseStatusValue,
        resolutionType: row.resolutionType as CaseResolutionValue,
      },
      body.action,
    );
    if (!move.ok) throw conflict(move.reason);
    if (body.amountApproved !== undefined && body.action !== CaseAction.ResolvePaid)
      throw invalidField('amountApproved', 'amountApproved is only for ResolvePaid');
    const requested = row.amountRequestedCents ?? 0;
    const approved =
      body.action === CaseAction.ResolvePaid
        ? body.amountApproved !== undefined
          ? toCents(body.amountApproved)
          : requested
        : body.action === CaseAction.ResolveDeclined
          ? 0
          : undefined;
    if (body.action === CaseAction.ResolvePaid && (approved === undefined || approved <= 0))
      throw invalidField('amountApproved', 'A paid request needs an amount approved above 0');
    if (approved !== undefined && approved > requested && body.action === CaseAction.ResolvePaid)
      throw invalidField('amountApproved', 'amountApproved must not exceed the amount requested');

    const resolved = move.status === CaseStatus.Resolved;
    await updateCase(tx, row.id, {
      status: move.status,
      resolutionType: move.resolutionType,
      ...(approved !== undefined ? { amountApprovedCents: approved } : {}),
      ...(resolved ? { followUpAt: null } : {}),
    });
    if (move.status !== row.status)
      await addHistory(tx, {
        caseId: row.id,
        userId: caller.userId,
        action: 'StatusChanged',
        fromValue: row.status,
        toValue: move.status,
      });
    if (move.resolutionType !== row.resolutionType)
      await addHistory(tx, {
        caseId: row.id,
        userId: caller.userId,
        action: 'ResolutionChanged',
        fromValue: row.resolutionType,
        toValue: move.resolutionType,
      });
    if (body.action === CaseAction.ResolvePaid && approved) await chargeCarrier(tx, row, approved);
    return row.id;
  });
  return getCase(ctx, caller, caseId);
}

/** PUT api/v2/cases/{id}/assignee: hand the case to a member of the operator's staff (or nobody). */
export async function assignCase(
  ctx: AppContext,
  caller: Caller,
  key: string,
  body: CaseAssigneeBody,
): Promise<CaseDetail> {
  requireStaff(caller);
  const staff = await ctx.db.system((tx) => operatorStaff(tx));
  const assignee = body.assigneeUserId
    ? staff.find((person) => person.id === body.assigneeUserId)
    : null;
  if (assignee === undefined)
    throw invalidField('assigneeUserId', "The assignee must be one of the operator's staff");
  const caseId = await ctx.db.tenant(caller.scope, async (tx) => {
    const row = await lockedCase(tx, caller, key, body.version);
    const group = caseStatusGroup({
      status: row.status as CaseStatusValue,
      resolutionType: row.resolutionType as CaseResolutionValue,
    });
    if (group === CaseStatusGroup.Resolved)
      throw conflict('The accessorial request is already resolved');
    if (row.assigneeUserId === (assignee?.id ?? null)) return row.id;
    await updateCase(tx, row.id, { assigneeUserId: assignee?.id ?? null });
    await addHistory(tx, {
      caseId: row.id,
      userId: caller.userId,
      action: 'AssigneeChanged',
      fromValue: null,
      toValue: assignee ? `${assignee.firstName} ${assignee.lastName}` : null,
    });
    return row.id;
  });
  return getCase(ctx, caller, caseId);
}
