import type { ShipmentDetail } from '@portal/contract';
import { ShipmentActor, canDoShipmentTask, type ShipmentTask } from '@portal/domain';

/** How the caller stands to the shipment, as the state machine's actors (null: acts on nothing). */
export function actorOf(shipment: Pick<ShipmentDetail, 'relation'>): ShipmentActor | null {
  switch (shipment.relation) {
    case 'operator':
      return ShipmentActor.Operator;
    case 'customer':
      return ShipmentActor.Customer;
    case 'carrier':
      return ShipmentActor.Carrier;
    case 'driver':
      return ShipmentActor.Driver;
    default:
      return null;
  }
}

/** Whether the screen offers a task: the same table the server enforces. */
export const mayDo = (shipment: Pick<ShipmentDetail, 'relation'>, task: ShipmentTask) =>
  canDoShipmentTask(task, actorOf(shipment));
