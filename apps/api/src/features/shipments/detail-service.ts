import {
  AVAILABLE_SHIPMENTS_RADIUS_MILES,
  collapseCaseStatus,
  DOCUMENT_TYPE_DISPLAY_NAMES,
  DocumentType,
  EQUIPMENT_CATEGORY_DISPLAY_NAMES,
  EQUIPMENT_TYPE_DISPLAY_NAMES,
  equipmentTypesFromMask,
  LOAD_TYPE_DISPLAY_NAMES,
  SERVICE_LEVEL_DISPLAY_NAMES,
  shipmentActionsFor,
  shipmentNeedsUpdate,
  TENDER_OFFER_STATUS_DISPLAY_NAMES,
  type CaseResolutionType,
  type CaseStatus,
  type DocumentType as DocumentTypeValue,
  type EquipmentCategory,
  type LoadType,
  type ServiceLevel,
  type ShipmentStatus,
  type TenderOfferStatus,
} from '@portal/domain';
import type {
  BillingConfiguration,
  CarrierCharges,
  ContactDetails,
  LaneMatches,
  LatestActivity,
  LineItemList,
  OrderDropoffs,
  OrderRequirements,
  ReloadPage,
  ReloadsQuery,
  ShipmentCasePage,
  ShipmentCasesQuery,
  ShipmentDetail,
  ShipmentHistory,
  ShipmentOfferList,
  ShipmentRequirements,
  ShipmentStopList,
  ShipmentTenderList,
} from '@portal/contract';
import type { AppContext } from '../../shared/app-context';
import type { Caller } from '../../shared/auth/caller';
import {
  canSeeCarrierRate,
  canSeeCustomerRate,
  parseShipmentKey,
  shipmentActor,
  shipmentRelation,
  withVisibleShipment,
  type ShipmentRelation,
  type ShipmentRow,
} from '../../shared/shipments/find-shipment';
import {
  destinationOf,
  dollars,
  equipmentNames,
  iso,
  originOf,
  personName,
  statusValue,
} from '../../shared/shipments/present';
import { activityQuery, presentActivity } from '../../shared/shipments/activities';
import { loadStopRecords, presentStop } from '../../shared/shipments/stops';
import * as repository from './detail-repository';

const named = <T extends number>(value: T, names: Readonly<Record<T, string>>) => ({
  value,
  displayName: names[value] ?? String(value),
});

function equipmentTypeValues(mask: number) {
  return equipmentTypesFromMask(mask).map((type) => named(type, EQUIPMENT_TYPE_DISPLAY_NAMES));
}

export function presentShipmentDetail(
  shipment: ShipmentRow,
  parties: repository.DetailParties,
  relation: ShipmentRelation,
): ShipmentDetail {
  const actor = shipmentActor(relation);
  const status = shipment.status as ShipmentStatus;
  return {
    id: shipment.id,
    shipmentNumber: shipment.shipmentNumber,
    version: shipment.version,
    orderId: shipment.orderId,
    orderNumber: parties.orderNumber,
    status: statusValue(shipment.status),
    relation,
    allowedActions: actor
      ? shipmentActionsFor(status, actor).map(({ action, to }) => ({
          action,
          to: statusValue(to),
        }))
      : [],
    shippingMode: named(shipment.shippingMode as LoadType, LOAD_TYPE_DISPLAY_NAMES),
    equipmentMode: named(
      shipment.equipmentMode as EquipmentCategory,
      EQUIPMENT_CATEGORY_DISPLAY_NAMES,
    ),
    equipmentTypes: equipmentTypeValues(shipment.equipmentTypes),
    equipmentLengthFeet: shipment.equipmentLengthFeet,
    serviceLevel: named(shipment.serviceLevel as ServiceLevel, SERVICE_LEVEL_DISPLAY_NAMES),
    originationType: shipment.originationType,
    totalWeightPounds: shipment.totalWeightPounds,
    totalMiles: shipment.totalMiles,
    carrierRate: canSeeCarrierRate(relation) ? dollars(shipment.carrierRateCents) : null,
    maxBuy: canSeeCustomerRate(relation) ? dollars(shipment.maxBuyCents) : null,
    customerRate: canSeeCustomerRate(relation) ? dollars(shipment.customerRateCents) : null,
    rateType: shipment.rateType,
    chargeRateType: shipment.chargeRateType,
    shippingProNumber: shipment.shippingProNumber,
    isQuickClosed: shipment.isQuickClosed,
    origin: originOf(shipment),
    destination: destinationOf(shipment),
    pickupAt: iso(shipment.pickupAt),
    deliveryAt: iso(shipment.deliveryAt),
    bookedAt: iso(shipment.bookedAt),
    deliveredAt: iso(shipment.deliveredAt),
    nextUpdateDueAt: iso(shipment.nextUpdateDueAt),
    needsUpdate: shipmentNeedsUpdate(
      status,
      shipment.nextUpdateDueAt ? new Date(shipment.nextUpdateDueAt) : null,
      new Date(),
    ),
    isOnTime: shipment.isOnTime,
    customer:
      relation === 'viewer'
        ? null
        : { id: shipment.customerCompanyId, name: parties.customerName ?? '' },
    carrier:
      parties.carrierId !== null
        ? {
            id: parties.carrierId,
            name: parties.carrierName!,
            mcNumber: parties.carrierMcNumber,
            dotNumber: parties.carrierDotNumber,
            scac: parties.carrierScac,
          }
        : null,
    trip: parties.tripId !== null ? { id: parties.tripId, tripNumber: parties.tripNumber! } : null,
    createdAt: iso(shipment.createdAt)!,
    updatedAt: iso(shipment.updatedAt)!,
  };
}

export function shipmentDetail(
  ctx: AppContext,
  caller: Caller,
  id: string,
): Promise<{ data: ShipmentDetail }> {
  const key = parseShipmentKey(id);
  return ctx.db.tenant(
    caller.scope,
    async (tx) => {
      const { shipment, parties } = await repository.findDetailShipment(tx, caller.scope, key);
      return { data: presentShipmentDetail(shipment, parties, shipmentRelation(caller, shipment)) };
    },
    { readOnly: true },
  );
}

export function shipmentRequirements(
  ctx: AppContext,
  caller: Caller,
  id: string,
): Promise<ShipmentRequirements> {
  return withVisibleShipment(ctx, caller, id, async (tx, shipment) => {
    const order = await repository.findOrder(tx, shipment.orderId);
    return {
      data: {
        shippingMode: named(shipment.shippingMode as LoadType, LOAD_TYPE_DISPLAY_NAMES),
        equipmentMode: named(
          shipment.equipmentMode as EquipmentCategory,
          EQUIPMENT_CATEGORY_DISPLAY_NAMES,
        ),
        equipmentTypes: equipmentTypeValues(shipment.equipmentTypes),
        equipmentLengthFeet: shipment.equipmentLengthFeet,
        totalWeightPounds: shipment.totalWeightPounds,
        isTeamRequired: order?.isTeamRequired ?? false,
        isHazmat: order?.isHazmat ?? false,
        isJustInTime: order?.isJustInTime ?? false,
        reeferTemperature: order?.reeferTemperature ?? null,
        reeferMode: order?.reeferMode ?? null,
        hazmatEmergencyContactInfo: order?.hazmatEmergencyContactInfo ?? null,
        serviceLevel: named(shipment.serviceLevel as ServiceLevel, SERVICE_LEVEL_DISPLAY_NAMES),
      },
    };
  });
}

export function orderRequirements(
  ctx: AppContext,
  caller: Caller,
  id: string,
): Promise<OrderRequirements> {
  return withVisibleShipment(ctx, caller, id, async (tx, shipment, relation) => {
    // The customer's own numbers are for the carrier that hauls the load, not for onlookers.
    const references = relation !== 'viewer';
    const order = await repository.findOrder(tx, shipment.orderId);
    if (!order) {
      return {
        data: {
          orderNumber: '',
          requirements: [],
          accessorials: [],
          specialInstructions: null,
          referenceNumbers: [],
          purchaseOrderNumber: null,
          salesOrderNumber: null,
          transferOrderNumber: null,
          returnAuthorizationNumber: null,
        },
      };
    }
    const [requirements, accessorials, referenceRows] = await repository.orderRequirementRows(
      tx,
      order.id,
    );
    return {
      data: {
        orderNumber: order.orderNumber,
        requirements,
        accessorials: accessorials.map((row) => ({
          id: row.id,
          code: row.code,
          description: row.description,
          amount: dollars(row.amountCents)!,
        })),
        specialInstructions: order.specialInstructions,
        referenceNumbers: references
          ? referenceRows.map((row) => ({
              label: row.label,
              value: row.value,
              stopNumber: row.stopNumber,
            }))
          : [],
        purchaseOrderNumber: references ? order.purchaseOrderNumber : null,
        salesOrderNumber: references ? order.salesOrderNumber : null,
        transferOrderNumber: references ? order.transferOrderNumber : null,
        returnAuthorizationNumber: references ? order.returnAuthorizationNumber : null,
      },
    };
  });
}

export function laneMatches(ctx: AppContext, caller: Caller, id: string): Promise<LaneMatches> {
  return withVisibleShipment(ctx, caller, id, async (tx, shipment) => {
    const [rates, lanes] = await Promise.all([
      repository.matchingRates(tx, shipment, caller.scope),
      repository.matchingSavedLanes(tx, caller.companyId, shipment),
    ]);
    const place = (city: string | null, state: string | null, postalCode: string | null) =>
      [city, state].filter(Boolean).join(', ') + (postalCode ? ` ${postalCode}` : '');
    return {
      data: {
        contractRates: rates.map((rate) => ({
          id: rate.id,
          originCity: rate.originCity,
          originState: rate.originState,
          destinationCity: rate.destinationCity,
          destinationState: rate.destinationState,
          rate: dollars(rate.rateCents)!,
          rateType: rate.rateType,
          serviceDays: rate.serviceDays,
          effectiveFrom: rate.effectiveFrom,
          effectiveTo: rate.effectiveTo,
        })),
        savedLanes: lanes.map((lane) => ({
          id: lane.id,
          origin: place(lane.originCity, lane.originState, lane.originPostalCode),
          destination: lane.destinationState
            ? place(lane.destinationCity, lane.destinationState, lane.destinationPostalCode)
            : null,
          originRadiusMiles: lane.originRadiusMiles,
          destinationRadiusMiles: lane.destinationRadiusMiles,
        })),
      },
    };
  });
}

export function latestActivity(
  ctx: AppContext,
  caller: Caller,
  id: string,
): Promise<LatestActivity> {
  return withVisibleShipment(ctx, caller, id, async (tx, shipment) => {
    const row = await activityQuery(tx, shipment.id).limit(1).executeTakeFirst();
    return { data: row ? presentActivity(row) : null };
  });
}

export function reloads(
  ctx: AppContext,
  caller: Caller,
  id: string,
  query: ReloadsQuery,
): Promise<ReloadPage> {
  return withVisibleShipment(ctx, caller, id, async (tx, shipment) => {
    const { rows, totalCount } = await repository.findReloads(tx, caller.scope, shipment, {
      radiusMiles: AVAILABLE_SHIPMENTS_RADIUS_MILES,
      offset: (query.page - 1) * query.pageSize,
      limit: query.pageSize,
    });
    return {
      data: rows.map((row) => ({
        id: row.id,
        shipmentNumber: row.shipmentNumber,
        origin: originOf(row),
        destination: destinationOf(row),
        pickupAt: iso(row.pickupAt),
        deliveryAt: iso(row.deliveryAt),
        equipmentTypes: equipmentNames(row.equipmentTypes),
        totalWeightPounds: row.totalWeightPounds,
        totalMiles: row.totalMiles,
        deadheadMiles: row.deadheadMiles,
      })),
      page: query.page,
      pageSize: query.pageSize,
      totalCount,
    };
  });
}

export function shipmentStops(
  ctx: AppContext,
  caller: Caller,
  id: string,
): Promise<ShipmentStopList> {
  return withVisibleShipment(ctx, caller, id, async (tx, shipment) => {
    const records = await loadStopRecords(tx, shipment);
    return { data: records.stops.map((stop) => presentStop(records, stop)) };
  });
}

export function lineItems(ctx: AppContext, caller: Caller, id: string): Promise<LineItemList> {
  return withVisibleShipment(ctx, caller, id, async (tx, shipment) => {
    const records = await loadStopRecords(tx, shipment);
    const stopByOrderStop = new Map(
      records.stops.filter((stop) => stop.orderStopId).map((stop) => [stop.orderStopId!, stop]),
    );
    const confirmed = (stopId: string | undefined, itemId: string) =>
      stopId
        ? (records.confirmations.find(
            (row) => row.shipmentStopId === stopId && row.orderLineItemId === itemId,
          )?.confirmedPackageCount ?? null)
        : null;
    return {
      data: records.lineItems.map((item) => {
        const pickup = stopByOrderStop.get(item.pickupStopId);
        const delivery = stopByOrderStop.get(item.deliveryStopId);
        return {
          id: item.id,
          description: item.description,
          freightClass: item.freightClass,
          packageType: item.packageType,
          packageCount: item.packageCount,
          pieceCount: item.pieceCount,
          lengthInches: item.lengthInches,
          widthInches: item.widthInches,
          heightInches: item.heightInches,
          weightPounds: item.weightPounds,
          isHazmat: item.isHazmat,
          hazmatGroup: item.hazmatGroup,
          hazmatClass: item.hazmatClass,
          unNumber: item.unNumber,
          pickupStopNumber: pickup?.stopNumber ?? 0,
          deliveryStopNumber: delivery?.stopNumber ?? 0,
          loadedPackageCount: confirmed(pickup?.id, item.id),
          deliveredPackageCount: confirmed(delivery?.id, item.id),
        };
      }),
    };
  });
}

export function orderDropoffs(ctx: AppContext, caller: Caller, id: string): Promise<OrderDropoffs> {
  return withVisibleShipment(ctx, caller, id, async (tx, shipment) => {
    const rows = await repository.orderDropoffRows(tx, shipment.id);
    const byOrder = new Map<string, OrderDropoffs['data'][number]>();
    for (const row of rows) {
      const entry = byOrder.get(row.orderNumber) ?? { orderNumber: row.orderNumber, dropoffs: [] };
      entry.dropoffs.push({
        stopNumber: row.stopNumber,
        stopId: row.orderStopId,
        locationName: row.locationName,
        city: row.city,
        state: row.state,
        hasProofOfDelivery: Boolean(row.hasProofOfDelivery),
      });
      byOrder.set(row.orderNumber, entry);
    }
    return { data: [...byOrder.values()] };
  });
}

export function billingConfiguration(
  ctx: AppContext,
  caller: Caller,
  id: string,
): Promise<BillingConfiguration> {
  return withVisibleShipment(ctx, caller, id, async (tx, shipment) => {
    const [settings, stored, present, records, carrierRows] = await Promise.all([
      repository.billingSettingsFor(tx, shipment),
      repository.requiredDocumentRows(tx, shipment.id),
      repository.documentPresence(tx, shipment),
      loadStopRecords(tx, shipment),
      repository.findCompanies(tx, [shipment.carrierCompanyId]),
    ]);
    const factoringId = carrierRows[0]?.factoringCompanyId ?? null;
    const factoring = factoringId
      ? (await repository.findCompanies(tx, [factoringId]))[0]
      : undefined;
    const deliveryStops = records.stops.filter((stop) => stop.stopType === 'Delivery');
    // Stored requirements win; otherwise a proof of delivery per delivery stop, and the bill of
    // lading when the payer's billing settings ask for it.
    const wanted =
      stored.length > 0
        ? stored
        : [
            ...deliveryStops.map((stop) => ({
              fileType: DocumentType.ProofOfDelivery as number,
              description: `Proof of Delivery - Stop ${stop.stopNumber} ${stop.city}, ${stop.state}`,
              orderStopId: stop.orderStopId,
            })),
            ...(settings?.requiredDocumentTypes.includes(DocumentType.BillOfLading)
              ? [
                  {
                    fileType: DocumentType.BillOfLading as number,
                    description: 'Bill of Lading',
                    orderStopId: null,
                  },
                ]
              : []),
          ];
    return {
      data: {
        thirdPartyBilling: settings
          ? {
              id: settings.id,
              payer: { id: settings.payerId, name: settings.payerName },
              paymentTermsDays: settings.paymentTermsDays,
              requiredDocumentTypes: settings.requiredDocumentTypes.map((type) =>
                named(type as DocumentTypeValue, DOCUMENT_TYPE_DISPLAY_NAMES),
              ),
              isActive: settings.isActive,
            }
          : null,
        requiredDocuments: wanted.map((requirement) => ({
          fileType: named(requirement.fileType as DocumentTypeValue, DOCUMENT_TYPE_DISPLAY_NAMES),
          description: requirement.description,
          orderStopId: requirement.orderStopId,
          stopNumber:
            records.stops.find((stop) => stop.orderStopId === requirement.orderStopId)
              ?.stopNumber ?? null,
          isUploaded: present.some(
            (document) =>
              document.fileType === requirement.fileType &&
              (requirement.orderStopId === null ||
                document.orderStopId === requirement.orderStopId),
          ),
        })),
        factoringCompany: factoring ? { id: factoring.id, name: factoring.name } : null,
      },
    };
  });
}

export function contactDetails(
  ctx: AppContext,
  caller: Caller,
  id: string,
): Promise<ContactDetails> {
  return withVisibleShipment(ctx, caller, id, async (tx, shipment, relation) => {
    const [staff, assignments, allStopContacts] = await repository.contactRows(tx, shipment);
    // Carriers looking at freight they do not haul talk to the operator, not to the shipper's docks.
    const stopContacts = relation === 'viewer' ? [] : allStopContacts;
    const userIds = [
      ...staff.map((person) => person.id),
      ...assignments.map((row) => row.driverId),
      ...assignments.map((row) => row.dispatcherId).filter((value): value is string => !!value),
    ];
    const { emails, phones } = await repository.emailsAndPhones(tx, [...new Set(userIds)]);
    const carrierName = shipment.carrierCompanyId
      ? ((await repository.findCompanies(tx, [shipment.carrierCompanyId]))[0]?.name ?? null)
      : null;
    const contacts: ContactDetails['data'] = staff.map((person) => ({
      role: person.functionTitle ?? 'Operations',
      name: personName(person),
      companyName: person.companyName,
      email: emails.get(person.id) ?? null,
      phone: phones.get(person.id) ?? null,
      stopNumber: null,
    }));
    const dispatchers = new Set<string>();
    for (const row of assignments) {
      if (row.dispatcherId && !dispatchers.has(row.dispatcherId)) {
        dispatchers.add(row.dispatcherId);
        contacts.push({
          role: 'Dispatcher',
          name: personName({
            firstName: row.dispatcherFirstName ?? '',
            lastName: row.dispatcherLastName ?? '',
          }),
          companyName: carrierName,
          email: emails.get(row.dispatcherId) ?? null,
          phone: phones.get(row.dispatcherId) ?? null,
          stopNumber: null,
        });
      }
    }
    for (const row of assignments) {
      contacts.push({
        role: row.isPrimary ? 'Driver' : 'Co-Driver',
        name: personName({ firstName: row.driverFirstName, lastName: row.driverLastName }),
        companyName: carrierName,
        email: emails.get(row.driverId) ?? null,
        phone: phones.get(row.driverId) ?? null,
        stopNumber: null,
      });
    }
    for (const stop of stopContacts) {
      contacts.push({
        role: stop.stopType === 'Pickup' ? 'Pickup Contact' : 'Delivery Contact',
        name:
          [stop.contactFirstName, stop.contactLastName].filter(Boolean).join(' ') ||
          stop.locationName,
        companyName: stop.locationName,
        email: stop.contactEmail,
        phone: stop.contactPhone,
        stopNumber: stop.stopNumber,
      });
    }
    return { data: contacts };
  });
}

export function shipmentTenders(
  ctx: AppContext,
  caller: Caller,
  id: string,
): Promise<ShipmentTenderList> {
  return withVisibleShipment(ctx, caller, id, async (tx, shipment) => {
    const rows = await repository.tenderRows(tx, shipment.id);
    return {
      data: rows.map((row) => ({
        id: row.id,
        tenderNumber: row.tenderNumber,
        status: named(row.status as TenderOfferStatus, TENDER_OFFER_STATUS_DISPLAY_NAMES),
        carrier: { id: row.carrierCompanyId, name: row.carrierName },
        rate: dollars(row.rateCents)!,
        rateType: row.rateType,
        chargeRateType: row.chargeRateType,
        sentAt: iso(row.sentAt)!,
        expiresAt: iso(row.expiresAt),
        respondedAt: iso(row.respondedAt),
        rejectionReason: row.rejectionReason,
      })),
    };
  });
}

export function shipmentOffers(
  ctx: AppContext,
  caller: Caller,
  id: string,
): Promise<ShipmentOfferList> {
  return withVisibleShipment(ctx, caller, id, async (tx, shipment) => {
    const rows = await repository.offerRows(tx, shipment.id);
    return {
      data: rows.map((row) => ({
        id: row.id,
        carrier: { id: row.carrierCompanyId, name: row.carrierName },
        amount: dollars(row.amountCents)!,
        status: row.status,
        createdAt: iso(row.createdAt)!,
      })),
    };
  });
}

export function shipmentHistory(
  ctx: AppContext,
  caller: Caller,
  id: string,
): Promise<ShipmentHistory> {
  return withVisibleShipment(ctx, caller, id, async (tx, shipment) => {
    const rows = await repository.historyRows(tx, shipment.id);
    return {
      data: rows.map((row) => ({
        id: Number(row.id),
        occurredAt: iso(row.occurredAt)!,
        action: row.action,
        fromStatus: row.fromStatus === null ? null : statusValue(row.fromStatus),
        toStatus: row.toStatus === null ? null : statusValue(row.toStatus),
        // A user of another company the caller may not see stays anonymous but the event is kept.
        user:
          row.userId && row.firstName !== null
            ? {
                id: row.userId,
                name: personName({ firstName: row.firstName, lastName: row.lastName ?? '' }),
                companyName: row.companyName ?? '',
              }
            : null,
        detail: (typeof row.detail === 'string' ? JSON.parse(row.detail) : row.detail) as Record<
          string,
          unknown
        > | null,
      })),
    };
  });
}

export function carrierCharges(
  ctx: AppContext,
  caller: Caller,
  id: string,
): Promise<CarrierCharges> {
  return withVisibleShipment(ctx, caller, id, async (tx, shipment, relation) => {
    if (!canSeeCarrierRate(relation)) {
      return { data: { source: 'booking', invoiceNumber: null, charges: [], total: 0 } };
    }
    const invoice = await repository.latestApInvoice(tx, shipment.id);
    if (invoice) {
      const charges = (await repository.apInvoiceCharges(tx, invoice.id)).map((charge) => ({
        description: charge.description,
        chargeTypeName: charge.chargeTypeName,
        rate: dollars(charge.rateCents)!,
        units: Number(charge.units),
        total: dollars(Math.round(charge.rateCents * Number(charge.units)))!,
        caseNumber: charge.caseNumber,
      }));
      return {
        data: {
          source: 'invoice',
          invoiceNumber: invoice.invoiceNumber,
          charges,
          total: Math.round(charges.reduce((sum, charge) => sum + charge.total, 0) * 100) / 100,
        },
      };
    }
    const cases = await repository.approvedCaseCharges(tx, shipment.id);
    const charges = [
      ...(shipment.carrierRateCents !== null
        ? [
            {
              description: 'Line haul (fuel surcharge included)',
              chargeTypeName: shipment.chargeRateType ?? 'LineHaul',
              rate: dollars(shipment.carrierRateCents)!,
              units: 1,
              total: dollars(shipment.carrierRateCents)!,
              caseNumber: null,
            },
          ]
        : []),
      ...cases.map((row) => ({
        description: row.subject,
        chargeTypeName: row.caseType,
        rate: dollars(row.amountApprovedCents)!,
        units: 1,
        total: dollars(row.amountApprovedCents)!,
        caseNumber: row.caseNumber,
      })),
    ];
    return {
      data: {
        source: 'booking',
        invoiceNumber: null,
        charges,
        total: Math.round(charges.reduce((sum, charge) => sum + charge.total, 0) * 100) / 100,
      },
    };
  });
}

export function shipmentCases(
  ctx: AppContext,
  caller: Caller,
  id: string,
  query: ShipmentCasesQuery,
): Promise<ShipmentCasePage> {
  return withVisibleShipment(ctx, caller, id, async (tx, shipment) => {
    const { rows, totalCount } = await repository.casePage(tx, shipment.id, {
      offset: (query.page - 1) * query.pageSize,
      limit: query.pageSize,
    });
    return {
      data: rows.map((row) => ({
        id: row.id,
        caseNumber: row.caseNumber,
        caseType: row.caseType,
        status: row.status,
        statusDescription: collapseCaseStatus({
          status: row.status as CaseStatus,
          resolutionType: row.resolutionType as CaseResolutionType,
        }).label,
        subject: row.subject,
        amountRequested: dollars(row.amountRequestedCents),
        amountApproved: dollars(row.amountApprovedCents),
        createdAt: iso(row.createdAt)!,
      })),
      page: query.page,
      pageSize: query.pageSize,
      totalCount,
    };
  });
}
