package dev.isola.domains.testapp.secured;

import jakarta.ejb.Remote;

/** Calls the vault's staff-only method for any customer, in its {@code @RunAs} role. */
@Remote
public interface Auditor {

    String auditForCustomer();
}
