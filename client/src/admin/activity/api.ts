import { graphql } from '../../gql';

/** A page of the audit trail, newest first, with the screen's filters. */
export const AdminActivityQuery = graphql(`
  query AdminActivity($filter: AuditFilter, $offset: Int!, $limit: Int!) {
    adminActivity(filter: $filter, offset: $offset, limit: $limit) {
      total
      items {
        id
        at
        userId
        userEmail
        ip
        action
        objectKind
        objectId
        objectLabel
        changes {
          field
          before
          after
        }
      }
    }
  }
`);

/** The admins the trail names: the choices of the 'Usuario' filter. */
export const ActivityAdminsQuery = graphql(`
  query ActivityAdmins {
    activityAdmins {
      userId
      email
    }
  }
`);
