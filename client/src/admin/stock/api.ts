import { graphql } from '../../gql';

/** Units per product type, per size and per brand (spec §2 'Dashboard Stock'). */
export const StockDashboardQuery = graphql(`
  query StockDashboard {
    stockDashboard {
      typeId
      typeName
      totalUnits
      sizes {
        size
        units
      }
      brands {
        brandId
        brandName
        totalUnits
        sizes {
          size
          units
        }
      }
    }
  }
`);
