package dev.isola.domains.testapp.secured;

import jakarta.annotation.security.RolesAllowed;
import jakarta.annotation.security.RunAs;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;

/** A customer may ask for an audit: the bean calls on in role staff, which the customer is not in. */
@Stateless
@RunAs("staff")
@RolesAllowed("customers")
public class AuditorBean implements Auditor {

    @EJB
    private Vault vault;

    @Override
    public String auditForCustomer() {
        return vault.audit();
    }
}
