import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, messageSchema } from '@common/api/envelope';
import {
  createLabelSchema,
  customSettingsSchema,
  editLabelSchema,
  labelSchema,
  labelsOrderSchema,
  PROJECT_TEXTS,
  projectLabelSchema,
  projectSchema,
} from '@common/api/projects';
import type { AppContext } from '../context';
import { requireSession } from '../plugins/session';
import { idParams } from './auth';

const labelsAnswer = envelope(z.array(labelSchema));

/** What these routes call: reading this line tells every service they reach. */
export type LabelRouteDeps = Pick<AppContext, 'labels'>;

/** Workspace and project labels, attaching workspace labels to projects, and a project's label order. */
export function labelRoutes(ctx: LabelRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/labels',
      {
        schema: {
          tags: ['labels'],
          description:
            'A Workspace label (by the workspace owner or admins) or a Project label (labels.add). Names are unique per workspace or project regardless of case.',
          body: createLabelSchema,
          response: { 201: envelope(labelSchema) },
        },
      },
      async (request, reply) => {
        const { userId } = requireSession(request);
        return reply.status(201).send({ response: await ctx.labels.create(userId, request.body) });
      },
    );

    app.patch(
      '/labels/:id',
      {
        schema: {
          tags: ['labels'],
          params: idParams,
          body: editLabelSchema,
          response: { 200: envelope(labelSchema) },
        },
      },
      async (request) => {
        const { userId } = requireSession(request);
        return { response: await ctx.labels.edit(userId, request.params.id, request.body) };
      },
    );

    app.delete(
      '/labels/:id',
      {
        schema: {
          tags: ['labels'],
          description: 'Detaches the label from every project.',
          params: idParams,
          response: { 200: envelope(messageSchema) },
        },
      },
      async (request) => {
        const { userId } = requireSession(request);
        await ctx.labels.delete(userId, request.params.id);
        return { response: { message: PROJECT_TEXTS.labelDeleted } };
      },
    );

    app.get(
      '/workspaces/:id/labels',
      { schema: { tags: ['labels'], params: idParams, response: { 200: labelsAnswer } } },
      async (request) => {
        const { userId } = requireSession(request);
        return { response: await ctx.labels.workspaceLabels(userId, request.params.id) };
      },
    );

    app.get(
      '/projects/:id/labels',
      {
        schema: {
          tags: ['labels'],
          description: "The project's own labels in its labels order, else non-custom first, then by id.",
          params: idParams,
          response: { 200: labelsAnswer },
        },
      },
      async (request) => {
        const { userId } = requireSession(request);
        return { response: await ctx.labels.projectLabels(userId, request.params.id) };
      },
    );

    app.patch(
      '/projects/:id/set_labels_order',
      {
        schema: {
          tags: ['labels'],
          description:
            "Every id must be one of the project's own labels. Answers the labels in the new order.",
          params: idParams,
          body: labelsOrderSchema,
          response: { 200: labelsAnswer },
        },
      },
      async (request) => {
        const { userId } = requireSession(request);
        return {
          response: await ctx.labels.setLabelsOrder(userId, request.params.id, request.body.label_ids),
        };
      },
    );

    app.get(
      '/projects/:id/custom_settings',
      { schema: { tags: ['labels'], params: idParams, response: { 200: envelope(customSettingsSchema) } } },
      async (request) => {
        const { userId } = requireSession(request);
        return { response: await ctx.labels.labelsOrder(userId, request.params.id) };
      },
    );

    for (const [path, attach] of [
      ['/projects/add_label', true],
      ['/projects/remove_label', false],
    ] as const) {
      app.post(
        path,
        {
          schema: {
            tags: ['labels'],
            description:
              "A workspace label of each project's workspace, on projects the caller may flag. All or nothing. Answers the projects.",
            body: projectLabelSchema,
            response: { 200: envelope(z.array(projectSchema)) },
          },
        },
        async (request) => {
          const { userId } = requireSession(request);
          const { projects_ids, label_id } = request.body;
          return { response: await ctx.labels.attach(userId, projects_ids, label_id, attach) };
        },
      );
    }
  };
}
