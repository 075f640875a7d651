import type { DocumentType } from '@portal/domain';
import type { Tx } from '../../db/database';

/** The shipment's live documents of one type, newest first. */
export function paperworkDocuments(tx: Tx, shipmentId: string, fileType: DocumentType) {
  return tx
    .selectFrom('documents')
    .selectAll()
    .where('shipmentId', '=', shipmentId)
    .where('fileType', '=', fileType)
    .where('deletedAt', 'is', null)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * The file name for a newly generated paper: `${base}.pdf` the first time, then `${base}_v2.pdf`,
 * `${base}_v3.pdf`, so two files on a shipment never share a name.
 */
export async function nextPaperworkName(
  tx: Tx,
  shipmentId: string,
  fileType: DocumentType,
  base: string,
): Promise<string> {
  const row = await tx
    .selectFrom('documents')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('shipmentId', '=', shipmentId)
    .where('fileType', '=', fileType)
    .where((eb) =>
      eb.or([eb('name', '=', `${base}.pdf`), eb('name', 'like', `${likeLiteral(base)}\\_v%.pdf`)]),
    )
    .executeTakeFirstOrThrow();
  const earlier = Number(row.count);
  return earlier === 0 ? `${base}.pdf` : `${base}_v${earlier + 1}.pdf`;
}
