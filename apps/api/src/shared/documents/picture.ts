import { PEOPLE_MESSAGES, PICTURE_MAX_BYTES } from '@portal/domain';
import type { Tx } from '../../db/database';
import type { DocumentStore } from '../storage/document-store';
import { invalidField } from '../http/errors';
import { fileProblem, inspectFile } from './file-inspection';
import { saveDocument } from './save-document';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export interface PictureUpload {
  companyId: string;
  uploadedBy: string;
  name: string;
  /** The picture in base64 (a data: URL prefix is tolerated). */
  data: string;
  fileType: number;
  entityType: number;
  entityId: string;
  entityDescription: string;
}

/**
 * A picture (profile picture, trailer photo): a PNG or JPEG of at most 2 MB, checked by its
 * content, stored as a document in the caller's transaction. Anything else names the data field.
 */
export async function savePicture(tx: Tx, store: DocumentStore, upload: PictureUpload) {
  const text = upload.data.replace(/^data:[\w.+/-]+;base64,/, '').replace(/\s+/g, '');
  if (!BASE64.test(text) || text.length % 4 === 1)
    throw invalidField('data', 'data must be the picture encoded in base64');
  // Three bytes for every four characters: refuse before decoding something far too large.
  if (Math.floor((text.length * 3) / 4) > PICTURE_MAX_BYTES + 2)
    throw fileProblem(413, 'data', PEOPLE_MESSAGES.pictureTooLarge);
  const bytes = Buffer.from(text, 'base64');
  if (bytes.length > PICTURE_MAX_BYTES)
    throw fileProblem(413, 'data', PEOPLE_MESSAGES.pictureTooLarge);
  let inspected;
  try {
    inspected = await inspectFile({ bytes }, upload.name, 'data');
  } catch {
    throw fileProblem(415, 'data', PEOPLE_MESSAGES.pictureNotImage);
  }
  if (inspected.format !== 'png' && inspected.format !== 'jpeg')
    throw fileProblem(415, 'data', PEOPLE_MESSAGES.pictureNotImage);
  return saveDocument(tx, store, {
    companyId: upload.companyId,
    fileType: upload.fileType,
    entityType: upload.entityType,
    entityId: upload.entityId,
    entityDescription: upload.entityDescription,
    name: upload.name,
    extension: inspected.extension,
    contentType: inspected.contentType,
    uploadedBy: upload.uploadedBy,
    bytes,
  });
}
