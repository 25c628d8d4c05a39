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

/** The sizes shoppers wait for ('Avísame cuando llegue'), most awaited first. */
export const StockAlertDemandQuery = graphql(`
  query StockAlertDemand {
    stockAlertDemand {
      productId
      productName
      size
      waiting
      units
    }
  }
`);
