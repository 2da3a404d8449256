import { Box, Button, Center, Loader } from '@mantine/core';
import { IconFileOff } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { isApiError } from '@web/api/client';
import { InvoiceSheet, useInvoice } from '@web/features/billing';
import { EmptyPanel } from '@web/components/page/EmptyPanel';
import classes from './InvoicePage.module.css';

/** /invoices/{id}: the printable invoice behind `invoice_url` (owner only), with a print button. */
export function InvoicePage() {
  const { invoiceId } = useParams();
  const id = Number(invoiceId);
  const query = useInvoice(id);

  return (
    <div className={classes.page}>
      {query.isPending && Number.isInteger(id) && id > 0 ? (
        <Center py={120}>
          <Loader role="status" aria-label="Loading invoice" />
        </Center>
      ) : query.data ? (
        <InvoiceSheet invoice={query.data} />
      ) : (
        <Box maw={560} mx="auto" mt={80}>
          <EmptyPanel
            testId="invoice-missing"
            icon={<IconFileOff size={28} />}
            title={
              isApiError(query.error) && query.error.status >= 500
                ? 'Oops, something went wrong! Try again.'
                : 'Invoice not found'
            }
            description="This invoice does not exist, or it belongs to a workspace whose billing you do not manage."
          >
            <Button variant="default" component={Link} to="/user/profile">
              Back to settings
            </Button>
          </EmptyPanel>
        </Box>
      )}
    </div>
  );
}
