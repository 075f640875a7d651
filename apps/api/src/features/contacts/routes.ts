import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ContactIdParams,
  ContactLocationChoices,
  ContactListQuery,
  ContactPage,
  ContactResponse,
  CreateContactBody,
  MessageResponse,
  Problem,
  ResultId,
  UpdateContactBody,
} from '@portal/contract';
import { ACCESS } from '@portal/domain';
import type { AppContext } from '../../shared/app-context';
import * as contacts from './service';

/** The company's contacts: read by everyone with the contacts screen, written by its administrators. */
export const contactRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const read = { access: ACCESS.carrierOrFactoringPortal };
  const write = { access: ACCESS.companyAdmin };
  const tags = ['Contacts'];
  const errors = { 400: Problem, 401: Problem, 403: Problem, 404: Problem };

  app.get(
    '/api/v1/contacts',
    {
      config: read,
      schema: {
        tags,
        summary: 'Contacts by roles, with a fuzzy match on name, e-mail and title (pages of 50)',
        querystring: ContactListQuery,
        response: { 200: ContactPage, ...errors },
      },
    },
    async (request) => contacts.listContacts(ctx, request.caller, request.query),
  );
  app.get(
    '/api/v1/contacts/:contactId',
    {
      config: read,
      schema: {
        tags,
        summary: 'One contact',
        params: ContactIdParams,
        response: { 200: ContactResponse, ...errors },
      },
    },
    async (request) => ({
      data: await contacts.getContact(ctx, request.caller, request.params.contactId),
    }),
  );
  app.post(
    '/api/v1/contacts',
    {
      config: write,
      schema: {
        tags,
        summary:
          'Create a contact; with portal access, an activation e-mail is sent to their primary address',
        body: CreateContactBody,
        response: { 201: ContactResponse, ...errors, 409: Problem },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await contacts.createContact(ctx, request.caller, request.body) }),
  );
  app.put(
    '/api/v1/contacts/:contactId',
    {
      config: write,
      schema: {
        tags,
        summary: 'Update a contact (id, functionTitle, linkedInProfileUrl, companyId, roles...)',
        params: ContactIdParams,
        body: UpdateContactBody,
        response: { 200: ContactResponse, ...errors, 409: Problem },
      },
    },
    async (request) => ({
      data: await contacts.updateContact(
        ctx,
        request.caller,
        request.params.contactId,
        request.body,
        request.headers['if-match'],
      ),
    }),
  );
  app.post(
    '/api/v1/contacts/:contactId/activation',
    {
      config: write,
      schema: {
        tags,
        summary: 'Send the activation e-mail again to a contact who has not signed in yet',
        params: ContactIdParams,
        response: { 200: MessageResponse, ...errors, 409: Problem },
      },
    },
    async (request) => ({
      data: await contacts.resendActivation(ctx, request.caller, request.params.contactId),
    }),
  );
  app.delete(
    '/api/v1/contacts/:contactId',
    {
      config: write,
      schema: {
        tags,
        summary: 'Delete a contact (never yourself, never the company’s last administrator)',
        params: ContactIdParams,
        response: { 200: ResultId, ...errors, 409: Problem },
      },
    },
    async (request) => contacts.deleteContact(ctx, request.caller, request.params.contactId),
  );
  app.get(
    '/api/v1/contact_locations',
    {
      config: read,
      schema: {
        tags,
        summary: 'The company’s locations a contact can be placed at',
        response: { 200: ContactLocationChoices, ...errors },
      },
    },
    async (request) => ({ data: await contacts.locationChoices(ctx, request.caller) }),
  );
};
